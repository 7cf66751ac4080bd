/**
 * The frame the app's dialogs share (docs/product.md#screens, Dialogs): a centred Mantine Modal whose
 * close button is named "Chiudi", the red alert that shows a refusal in the server's words, and the row
 * with "Annulla" and the confirming button. `FormDialog` puts them together around a form; dialogs with
 * steps, or with a form that waits for data, use the pieces.
 */
import type { ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, type MantineSpacing, type ModalProps } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

interface DialogFrameProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: ModalProps['size'];
  /** While an action runs, Escape, the backdrop and "Chiudi" leave the dialog open for its outcome. */
  busy?: boolean;
  children: ReactNode;
}

/**
 * The Modal every dialog opens in. Mantine's close button has no text of its own: screen readers need its
 * name.
 */
export function DialogFrame({ opened, onClose, title, size, busy = false, children }: DialogFrameProps) {
  return (
    <Modal
      opened={opened}
      onClose={() => (busy ? undefined : onClose())}
      title={title}
      centered
      size={size}
      closeButtonProps={{ 'aria-label': 'Chiudi' }}
    >
      {children}
    </Modal>
  );
}

/** What the server refused, as it words it; nothing when there is no problem. */
export function ProblemAlert({ problem }: { problem: string | null | undefined }) {
  return problem ? (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
      {problem}
    </Alert>
  ) : null;
}

interface DialogActionsProps {
  onCancel: () => void;
  cancelLabel?: string;
  confirmLabel: string;
  /** Without it the confirming button submits the form around it. */
  onConfirm?: () => unknown;
  confirmColor?: string;
  /** The action runs: the confirming button spins and going back waits for the outcome. */
  busy?: boolean;
  mt?: MantineSpacing;
}

/** "Annulla" (or another way back) and the confirming button, at the dialog's end. */
export function DialogActions({
  onCancel,
  cancelLabel = 'Annulla',
  confirmLabel,
  onConfirm,
  confirmColor,
  busy = false,
  mt,
}: DialogActionsProps) {
  return (
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </Button>
      <Button
        {...(onConfirm ? { onClick: () => void onConfirm() } : { type: 'submit' as const })}
        color={confirmColor}
        loading={busy}
      >
        {confirmLabel}
      </Button>
    </Group>
  );
}

interface DialogFormProps {
  onSubmit: () => unknown;
  onCancel: () => void;
  submitLabel: string;
  busy: boolean;
  problem?: string | null;
  /** Shown above the server's refusal, e.g. what the form changes. */
  intro?: ReactNode;
  /** Space above the buttons, beyond the form's own gap. */
  actionsMt?: MantineSpacing;
  children: ReactNode;
}

/**
 * The form inside a dialog: the fields are checked here and by the server (`noValidate` keeps the
 * browser's own bubbles, in the browser's language, out of the way), and Enter submits.
 */
export function DialogForm({
  onSubmit,
  onCancel,
  submitLabel,
  busy,
  problem,
  intro,
  actionsMt,
  children,
}: DialogFormProps) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      <Stack gap="md">
        {intro}
        <ProblemAlert problem={problem} />
        {children}
        <DialogActions onCancel={onCancel} confirmLabel={submitLabel} busy={busy} mt={actionsMt} />
      </Stack>
    </form>
  );
}

/** A dialog holding one form: "Annulla" closes it, and nothing closes it while the form is being sent. */
export function FormDialog({
  opened,
  onClose,
  title,
  size,
  ...form
}: Omit<DialogFrameProps, 'children'> & Omit<DialogFormProps, 'onCancel'>) {
  return (
    <DialogFrame opened={opened} onClose={onClose} title={title} size={size} busy={form.busy}>
      <DialogForm {...form} onCancel={onClose} />
    </DialogFrame>
  );
}
