/**
 * How a refused save is told (docs/product.md#errors, billing save, used by every back-office form): one
 * server error shows its message; several show the header 'N errori trovati.' with the messages listed;
 * otherwise the caller's generic text.
 */
import { isApiError, isNetworkError } from '../../api/api-error';
import { errorTexts } from '../../lib/shared-values';

export interface SaveErrorSummary {
  title: string;
  messages: string[];
}

/** Every message of the `Errors` map, each once, in field order. */
export const serverErrorMessages = (fieldErrors: Record<string, readonly string[]>): string[] => [
  ...new Set(Object.values(fieldErrors).flat()),
];

export const summarizeSaveError = (
  error: unknown,
  fallback: string = errorTexts.cannotSaveData,
): SaveErrorSummary => {
  if (isNetworkError(error)) return { title: errorTexts.connectionProblem, messages: [] };
  if (isApiError(error)) {
    const messages = serverErrorMessages(error.fieldErrors);
    if (messages.length === 1) return { title: messages[0]!, messages: [] };
    if (messages.length > 1) return { title: `${messages.length} errori trovati.`, messages };
    if (error.serverMessage) return { title: error.serverMessage, messages: [] };
  }
  return { title: fallback, messages: [] };
};
