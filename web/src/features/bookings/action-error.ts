/**
 * What to tell the user when a booking change fails: the server's Italian message for answers the user
 * can act on (a 409 "slot taken", a state that no longer allows the change, a field error), the
 * connection text when there was no answer, otherwise the spec's generic text.
 */
import { isApiError, isNetworkError } from '../../api/api-error';
import { errorTexts } from '../../lib/shared-values';

export const actionErrorMessage = (error: unknown, fallback: string = errorTexts.cannotLoadData): string => {
  if (isNetworkError(error)) return errorTexts.connectionProblem;
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401) {
    const fieldMessage = Object.values(error.fieldErrors)[0]?.[0];
    return fieldMessage ?? error.serverMessage ?? fallback;
  }
  return fallback;
};
