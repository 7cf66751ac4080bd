/**
 * Reads a multipart/form-data body (API Gateway hands it over base64-encoded): exactly one file in the
 * named field, of an allowed declared type and at most `maxBytes`, plus the short text fields beside it.
 * The declared type is only the client's word: callers still check the content (e.g. decode an image).
 */
import type Busboy from 'busboy';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { AppError } from './errors';

export interface MultipartFileRules {
  field: string;
  maxBytes: number;
  types: readonly string[];
  /** Italian messages: wrong type, too large, missing. */
  texts: { wrongType: string; tooLarge: string; missing: string };
  /** Text fields read beside the file (others are ignored), each at most this long. */
  textFields?: readonly string[];
  maxTextLength?: number;
}

export interface MultipartUpload {
  file: Buffer;
  fields: Record<string, string>;
}

const fieldError = (code: 'validation_failed' | 'payload_too_large', field: string, message: string) =>
  new AppError(code, message, { errors: { [field]: [message] } });

const parseMultipartFile = (busboy: typeof Busboy, event: APIGatewayProxyEvent, rules: MultipartFileRules) =>
  new Promise<MultipartUpload>((resolve, reject) => {
    const contentType = Object.entries(event.headers ?? {}).find(
      ([key]) => key.toLowerCase() === 'content-type',
    )?.[1];
    if (!contentType?.toLowerCase().startsWith('multipart/form-data') || !event.body) {
      return reject(
        new AppError('bad_request', `Invia il file come multipart/form-data nel campo "${rules.field}".`),
      );
    }
    let parser: Busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        limits: {
          files: 1,
          fileSize: rules.maxBytes,
          fields: rules.textFields?.length ?? 0,
          // Bytes, while the rule counts characters: up to 4 bytes each in UTF-8.
          fieldSize: (rules.maxTextLength ?? 1000) * 4,
        },
      });
    } catch {
      return reject(new AppError('bad_request', 'Corpo multipart non valido.'));
    }
    const fields: Record<string, string> = {};
    let file: Promise<Buffer> | undefined;
    let failure: AppError | undefined;
    parser.on('field', (name, value, info) => {
      if (!rules.textFields?.includes(name)) return;
      if (info.valueTruncated || value.length > (rules.maxTextLength ?? 1000)) {
        failure ??= fieldError('validation_failed', name, `Massimo ${rules.maxTextLength ?? 1000} caratteri`);
        return;
      }
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== rules.field || !rules.types.includes(info.mimeType)) {
        stream.resume();
        file = Promise.reject(fieldError('validation_failed', rules.field, rules.texts.wrongType));
        file.catch(() => undefined);
        return;
      }
      file = new Promise((done, fail) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('limit', () => fail(fieldError('payload_too_large', rules.field, rules.texts.tooLarge)));
        stream.on('end', () => done(Buffer.concat(chunks)));
      });
      file.catch(() => undefined);
    });
    parser.on('error', () => reject(new AppError('bad_request', 'Corpo multipart non valido.')));
    parser.on('close', () => {
      if (failure) return reject(failure);
      if (!file) return reject(fieldError('validation_failed', rules.field, rules.texts.missing));
      file.then((data) => resolve({ file: data, fields }), reject);
    });
    parser.end(Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'binary'));
  });

/** The one file of a multipart upload; busboy is loaded by the upload operations, not at start. */
export const readMultipartFile = async (event: APIGatewayProxyEvent, rules: MultipartFileRules) =>
  parseMultipartFile((await import('busboy')).default, event, rules);
