/**
 * Toast of a refused save (docs/product.md#errors): one server error shows its message, several the header
 * 'N errori trovati.' with the messages listed, otherwise the generic cannot-save text.
 */
import { List } from '@mantine/core';
import { errorTexts } from '../../../lib/shared-values';
import { summarizeSaveError } from '../../../ui/form/server-errors';
import { showErrorToast } from '../../../ui/notify';

export const showSaveError = (error: unknown, fallback: string = errorTexts.cannotSaveData) => {
  const summary = summarizeSaveError(error, fallback);
  if (summary.messages.length > 1) {
    showErrorToast(
      <List size="sm" spacing={2}>
        {summary.messages.map((message) => (
          <List.Item key={message}>{message}</List.Item>
        ))}
      </List>,
      { title: summary.title },
    );
    return;
  }
  showErrorToast(summary.title);
};
