/**
 * Join-the-team applications. The browser uploads the CV (PDF, at most 10 MB) straight to the private
 * files bucket with a presigned POST, then submits the form naming the upload. The server checks the
 * object itself before storing anything: it exists, its size is within the limit, it starts like a PDF.
 * Support is mailed; BusinessAdmin reads applications and gets a short-lived link to each CV.
 */
import { CV_MAX_BYTES, type JoinTeamApplicationView } from '@nutri/shared';
import { AppError, notFound } from '../http/errors';
import { config } from '../platform/config';
import { pageCursor } from '../platform/db/cursor';
import { deleteObject, headObject, presignDownload, presignUpload, readObjectStart } from '../platform/files';
import { matchesFileSignature } from '../platform/file-signatures';
import { newId } from '../platform/ids';
import { logger } from '../platform/logger';
import { sendMail } from '../platform/mail';
import {
  createApplication,
  getApplication,
  listApplications,
  type JoinTeamApplicationRecord,
} from './join-team-repo';
import { joinTeamApplicationMail } from './mails';
import { CV_UPLOAD_RATE_RULE, JOIN_TEAM_RATE_RULE, admitSubmission, isHoneypotFilled } from './spam-guard';

const CV_CONTENT_TYPE = 'application/pdf';
const UPLOAD_EXPIRES_SECONDS = 15 * 60;
const DOWNLOAD_EXPIRES_SECONDS = 5 * 60;
const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const CV_TEXTS = {
  missing: 'Non troviamo il CV: caricalo di nuovo in PDF prima di inviare la candidatura.',
  tooLarge: 'Il CV supera la dimensione massima di 10 MB.',
  notPdf: 'Il CV deve essere un file PDF.',
} as const;

/** Where an upload's object lives; the id is ours (a UUID), never a path the client chose. */
export const cvObjectKey = (uploadId: string) => `join-team/${uploadId}.pdf`;

/** Every PDF starts with this header (ISO 32000: `%PDF-` then the version). */
export const looksLikePdf = (start: Buffer) => matchesFileSignature(CV_CONTENT_TYPE, start);

const cvError = (message: string) =>
  new AppError('validation_failed', message, { errors: { CvUploadId: [message] } });

export const createCvUploadSlot = async (ip: string, now: Date) => {
  await admitSubmission(CV_UPLOAD_RATE_RULE, ip, now);
  const uploadId = newId();
  const { url, fields } = await presignUpload({
    bucket: config().FILES_BUCKET,
    key: cvObjectKey(uploadId),
    contentType: CV_CONTENT_TYPE,
    maxBytes: CV_MAX_BYTES,
    expiresInSeconds: UPLOAD_EXPIRES_SECONDS,
  });
  return { UploadId: uploadId, Url: url, Fields: fields };
};

/**
 * The uploaded CV, checked: S3 enforces the signed size and type on upload, but the type is only what
 * the browser declared, so the first bytes are read to see a PDF. A refused file is deleted.
 */
const checkUploadedCv = async (uploadId: string): Promise<number> => {
  if (!UPLOAD_ID.test(uploadId)) throw cvError(CV_TEXTS.missing);
  const bucket = config().FILES_BUCKET;
  const key = cvObjectKey(uploadId);
  const head = await headObject(bucket, key);
  if (!head) throw cvError(CV_TEXTS.missing);
  if (head.size > CV_MAX_BYTES) {
    await deleteObject(bucket, key);
    throw cvError(CV_TEXTS.tooLarge);
  }
  if (head.size < 5 || !looksLikePdf(await readObjectStart(bucket, key, 5))) {
    await deleteObject(bucket, key);
    throw cvError(CV_TEXTS.notPdf);
  }
  return head.size;
};

export interface JoinTeamSubmission {
  Name: string;
  Email: string;
  PhoneNo: string;
  ProfessionalProfile: JoinTeamApplicationView['ProfessionalProfile'];
  RegisterNumber: string;
  YearsOfPractice: number;
  HasInsurance: boolean;
  Message: string;
  CvUploadId: string;
  Website: string;
}

export const submitApplication = async (submission: JoinTeamSubmission, ip: string, now: Date) => {
  await admitSubmission(JOIN_TEAM_RATE_RULE, ip, now);
  if (isHoneypotFilled(submission.Website)) {
    logger.info('Join-the-team honeypot filled: dropped');
    return;
  }
  const size = await checkUploadedCv(submission.CvUploadId);
  const { Website: _website, ...fields } = submission;
  const application: JoinTeamApplicationRecord = {
    ...fields,
    ApplicationId: newId(),
    CvSizeBytes: size,
    CreatedAt: now.toISOString(),
  };
  await createApplication(application);
  try {
    const { CvUploadId: _upload, ...view } = application;
    await sendMail({
      to: config().SUPPORT_EMAIL,
      replyTo: application.Email,
      ...joinTeamApplicationMail(view, `${config().PUBLIC_BASE_URL}/Admin`),
    });
  } catch (error) {
    logger.error('Application stored but not mailed to support', {
      applicationId: application.ApplicationId,
      error: (error as Error).name,
    });
  }
};

export const listApplicationPage = async (query: { limit: number; cursor?: string | undefined }) => {
  const cursor = pageCursor('join-team-applications');
  const page = await listApplications(query.limit, await cursor.decode(query.cursor));
  return {
    Data: page.items.map(({ CvUploadId: _upload, ...view }): JoinTeamApplicationView => view),
    Count: page.items.length,
    NextCursor: await cursor.encode(page.next),
  };
};

/** A 5-minute download link to an application's CV (the bucket is private; links are never stored). */
export const cvDownloadLink = async (applicationId: string) => {
  const application = await getApplication(applicationId);
  if (!application) throw notFound('Candidatura non trovata.');
  const fileName = `CV ${application.Name}.pdf`.replace(/[^\p{L}\p{N} ._-]/gu, '');
  return {
    Url: await presignDownload(
      config().FILES_BUCKET,
      cvObjectKey(application.CvUploadId),
      DOWNLOAD_EXPIRES_SECONDS,
      fileName,
    ),
  };
};
