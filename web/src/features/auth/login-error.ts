/** The messages /Login shows for a failed sign-in (docs/product.md#errors). */
import { accountTexts, errorTexts } from '../../lib/shared-values';
import { isApiError, isNetworkError } from '../../api/api-error';

/** Gateway answers that mean the API itself could not be reached. */
const UNREACHABLE_STATUSES = new Set([502, 503, 504]);

export const loginErrorMessage = (error: unknown): string => {
  if (isApiError(error, 401)) return accountTexts.invalidCredentials;
  // Too many attempts: the server's Italian message says how long to wait.
  if (isApiError(error, 429)) return error.serverMessage ?? errorTexts.too_many_requests;
  if (isNetworkError(error) || (isApiError(error) && UNREACHABLE_STATUSES.has(error.status))) {
    return errorTexts.connectionProblem;
  }
  return accountTexts.loginFailed;
};

/** The message /Login shows when "Accedi con Google" fails for another reason than a missing account. */
export const googleSignInErrorMessage = (error: unknown): string => {
  // 401: Google's token was refused (expired, wrong audience): the server's Italian message says to retry.
  if (isApiError(error, 401)) return error.serverMessage ?? accountTexts.loginFailed;
  return loginErrorMessage(error);
};
