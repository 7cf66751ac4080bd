/**
 * Magic numbers of the file types users may upload. A presigned POST only enforces the type the browser
 * declared; the first bytes of what actually arrived say whether the declaration was true.
 */

/** Bytes needed to recognise every type below. */
export const SIGNATURE_BYTES = 16;

const startsWith = (start: Buffer, bytes: readonly number[], offset = 0) =>
  start.length >= offset + bytes.length && bytes.every((byte, index) => start[offset + index] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

const SIGNATURES: Record<string, (start: Buffer) => boolean> = {
  // ISO 32000: `%PDF-` then the version.
  'application/pdf': (start) => startsWith(start, ascii('%PDF-')),
  // SOI marker followed by the first segment's marker.
  'image/jpeg': (start) => startsWith(start, [0xff, 0xd8, 0xff]),
  'image/png': (start) => startsWith(start, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/gif': (start) => startsWith(start, ascii('GIF87a')) || startsWith(start, ascii('GIF89a')),
  // A RIFF container whose form type is WEBP.
  'image/webp': (start) => startsWith(start, ascii('RIFF')) && startsWith(start, ascii('WEBP'), 8),
};

/** Whether the first bytes of a file are those of `contentType`; false for a type not listed. */
export const matchesFileSignature = (contentType: string, start: Buffer): boolean =>
  SIGNATURES[contentType]?.(start) ?? false;
