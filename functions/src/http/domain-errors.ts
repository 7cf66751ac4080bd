/**
 * The HTTP face of the domain errors repositories report (platform/domain-error.ts): status code and the
 * Italian text users see (docs/product.md#errors), with the request field it concerns where a form shows
 * the message beside a field.
 */
import { bookingTexts, errorTexts, type ErrorCode } from '@nutri/shared';
import type { DomainError, DomainErrorCode } from '../platform/domain-error';

export const INVALID_CURSOR_MESSAGE =
  'Il cursore di paginazione non è valido: ricarica la lista dalla prima pagina.';
export const TAG_NOT_FOUND = 'Tag non trovato.';
export const TAG_NAME_TAKEN = 'Esiste già un tag con questo nome.';
export const TAG_IN_USE = 'Il tag è in uso: toglilo dai contenuti o dai profili che lo usano, poi eliminalo.';
export const FRIENDLY_URL_TAKEN = 'Questo indirizzo è già usato da un altro contenuto.';
export const PROFILE_URL_TAKEN = 'Questo indirizzo del profilo è già usato da un altro nutrizionista.';
export const UNKNOWN_SKILLS = 'Alcune specializzazioni indicate non esistono.';
export const CV_ALREADY_USED = 'Questo CV è già stato inviato con un’altra candidatura: caricalo di nuovo.';

interface HttpFace {
  code: ErrorCode;
  message?: string;
  /** The request field the message belongs to (sent as `Errors: { field: [message] }`). */
  field?: string;
}

const HTTP_FACES: Record<DomainErrorCode, HttpFace> = {
  'not-found': { code: 'not_found' },
  conflict: { code: 'conflict' },
  'slot-taken': { code: 'conflict', message: bookingTexts.slotTaken },
  'invalid-cursor': { code: 'bad_request', message: INVALID_CURSOR_MESSAGE },
  'tag-not-found': { code: 'not_found', message: TAG_NOT_FOUND },
  'tag-name-taken': { code: 'conflict', message: TAG_NAME_TAKEN, field: 'TagName' },
  'tag-in-use': { code: 'conflict', message: TAG_IN_USE },
  'content-url-taken': { code: 'conflict', message: FRIENDLY_URL_TAKEN, field: 'FriendlyUrl' },
  'profile-url-taken': { code: 'conflict', message: PROFILE_URL_TAKEN, field: 'ProfilePageUrl' },
  'unknown-skills': { code: 'validation_failed', message: UNKNOWN_SKILLS, field: 'SkillTagIds' },
  'cv-already-used': { code: 'conflict', message: CV_ALREADY_USED, field: 'CvUploadId' },
  'user-exists': {
    code: 'conflict',
    message: 'Esiste già un utente con questa e-mail o questo nome utente.',
  },
  'email-taken': { code: 'conflict', message: 'Questo indirizzo e-mail è già associato a un altro account.' },
  'chat-busy': { code: 'conflict', message: 'Troppi messaggi nello stesso momento: riprova.' },
  'session-ended': { code: 'unauthorized' },
};

/** The error code, Italian message and field errors a domain error answers with. */
export const httpFaceOf = (
  error: DomainError,
): { code: ErrorCode; message: string; errors?: Record<string, string[]> } => {
  const face = HTTP_FACES[error.code];
  const message = face.message ?? errorTexts[face.code];
  return { code: face.code, message, ...(face.field ? { errors: { [face.field]: [message] } } : {}) };
};
