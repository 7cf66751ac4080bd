/**
 * The generic confirmation (docs/product.md#screens: cancel and confirm, optional custom buttons). The action runs
 * while the dialog shows its progress; the dialog closes when it succeeds. When it fails the caller reports
 * the failure, and the dialog stays open to try again unless `closeOnFailure` says a retry cannot help
 * (the toast then explains why).
 */
import { useState, type ReactNode } from 'react';
import { Text } from '@mantine/core';
import { DialogActions, DialogFrame } from '../../../ui/form-dialog';

interface ConfirmDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  confirmColor?: string;
  onConfirm: () => Promise<unknown>;
  closeOnFailure?: boolean;
}

export function ConfirmDialog({
  opened,
  onClose,
  title,
  message,
  confirmLabel = 'Conferma',
  cancelLabel = 'Annulla',
  confirmColor,
  onConfirm,
  closeOnFailure = false,
}: ConfirmDialogProps) {
  const [running, setRunning] = useState(false);
  const confirm = async () => {
    setRunning(true);
    try {
      await onConfirm();
      onClose();
    } catch {
      // The caller has reported the failure.
      if (closeOnFailure) onClose();
    } finally {
      setRunning(false);
    }
  };
  return (
    <DialogFrame opened={opened} onClose={onClose} title={title} busy={running}>
      <Text>{message}</Text>
      <DialogActions
        onCancel={onClose}
        cancelLabel={cancelLabel}
        confirmLabel={confirmLabel}
        onConfirm={confirm}
        confirmColor={confirmColor}
        busy={running}
        mt="lg"
      />
    </DialogFrame>
  );
}
