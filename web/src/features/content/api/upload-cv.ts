/**
 * The CV of a join-the-team application goes straight to the file store: POST
 * /api/v2/JoinTeamApplications/CvUpload answers with a presigned POST (`{ UploadId, Url, Fields }`, size
 * and type enforced by its policy), then the browser posts `Fields` and the file (field `file`, last, as
 * S3 requires) to `Url` with XMLHttpRequest, which reports upload progress and can be aborted.
 */
import { cvUploadResponseSchema, type CvUpload } from '@nutri/shared';
import { NetworkError } from '../../../api/api-error';
import { api } from '../../../api/client';

export const CV_CONTENT_TYPE = 'application/pdf';

export const createCvUpload = async (file: File): Promise<CvUpload> =>
  cvUploadResponseSchema.parse(
    await api.post(
      '/JoinTeamApplications/CvUpload',
      { FileName: file.name, ContentType: CV_CONTENT_TYPE, SizeBytes: file.size },
      { auth: false },
    ),
  );

export class UploadRejectedError extends Error {
  override readonly name = 'UploadRejectedError';
  constructor(readonly status: number) {
    super(`Upload refused with status ${status}`);
  }
}

export const postToPresignedUrl = (
  upload: CvUpload,
  file: File,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<void> =>
  new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(upload.Fields)) form.append(name, value);
    form.append('file', file, file.name);
    const request = new XMLHttpRequest();
    request.open('POST', upload.Url);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        options.onProgress?.(1);
        resolve();
      } else reject(new UploadRejectedError(request.status));
    };
    request.onerror = () => reject(new NetworkError('POST', upload.Url, new Error('XMLHttpRequest failed')));
    request.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    if (options.signal?.aborted) {
      reject(new DOMException('Upload aborted', 'AbortError'));
      return;
    }
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });

/** Client-side check of the CV before anything is sent (the server's policy checks again). */
export const cvProblem = (file: File, maxBytes: number): string | null => {
  const isPdf = file.type === CV_CONTENT_TYPE || (file.type === '' && /\.pdf$/i.test(file.name));
  if (!isPdf) return 'Il curriculum deve essere un file PDF.';
  if (file.size > maxBytes)
    return `Il file supera la dimensione massima di ${Math.round(maxBytes / (1024 * 1024))} MB.`;
  if (file.size === 0) return 'Il file è vuoto.';
  return null;
};
