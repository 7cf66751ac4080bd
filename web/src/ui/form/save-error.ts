/** What a failed save tells the user: the server's Italian message, the connection problem, or the generic one. */
import { isApiError, isNetworkError } from '../../api/api-error';
import { errorTexts } from '../../lib/shared-values';
import { showErrorToast, showSuccessToast } from '../notify';

export const saveFailureMessage = (error: unknown) =>
  isNetworkError(error)
    ? errorTexts.connectionProblem
    : ((isApiError(error) ? error.serverMessage : null) ?? errorTexts.cannotSaveData);

/** The first message of each field the server refused, for a form's inputs. */
export const firstFieldErrors = (error: unknown): Record<string, string> =>
  isApiError(error)
    ? Object.fromEntries(
        Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages[0] ?? '']),
      )
    : {};

/**
 * Runs a change and says how it went in a toast (one toast per `outcomeOf`); on failure hands the field
 * errors to the form and rethrows, so a confirmation dialog stays open to try again.
 */
export const runWithToasts = async (
  action: () => Promise<unknown>,
  done: string,
  outcomeOf: string,
  onFieldErrors?: (errors: Record<string, string>) => void,
) => {
  try {
    await action();
    showSuccessToast(done, { outcomeOf });
  } catch (error) {
    onFieldErrors?.(firstFieldErrors(error));
    showErrorToast(saveFailureMessage(error), { outcomeOf });
    throw error;
  }
};
