/** A button that asks for confirmation in a dialog before running its action (deletions). */
import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Text, type ButtonProps } from '@mantine/core';

interface ConfirmButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  children: ReactNode;
  /** Accessible name when the visible content is only an icon. */
  'aria-label'?: string;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  onConfirm: () => unknown;
}

export function ConfirmButton({
  children,
  title,
  message,
  confirmLabel = 'Elimina',
  onConfirm,
  ...buttonProps
}: ConfirmButtonProps) {
  const [opened, setOpened] = useState(false);
  const [running, setRunning] = useState(false);
  const confirm = async () => {
    setRunning(true);
    try {
      await onConfirm();
      setOpened(false);
    } finally {
      setRunning(false);
    }
  };
  return (
    <>
      <Button {...buttonProps} onClick={() => setOpened(true)}>
        {children}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={title}
        centered
        closeButtonProps={{ 'aria-label': 'Chiudi' }}
      >
        <Text>{message}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setOpened(false)} disabled={running}>
            Annulla
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={running}>
            {confirmLabel}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
