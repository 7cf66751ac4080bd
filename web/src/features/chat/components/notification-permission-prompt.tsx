/**
 * The chat's prompt for desktop notifications (docs/product.md#screens: a prompt asks for the permission). Browsers
 * only honour the request from a user gesture, so it is a button, never asked on load; it shows while
 * the choice is still open and until the user says "Non ora" (remembered on this device).
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { useState } from 'react';

const DISMISSED_KEY = 'nutri.chat.notificationPrompt';

type PermissionState = NotificationPermission | 'unsupported';

const currentPermission = (): PermissionState =>
  typeof window !== 'undefined' && 'Notification' in window ? Notification.permission : 'unsupported';

const wasDismissed = () => {
  try {
    return localStorage.getItem(DISMISSED_KEY) === 'dismissed';
  } catch {
    return false;
  }
};

export function NotificationPermissionPrompt() {
  const [permission, setPermission] = useState<PermissionState>(currentPermission);
  const [dismissed, setDismissed] = useState(wasDismissed);
  const [asking, setAsking] = useState(false);

  if (permission !== 'default' || dismissed) return null;

  const ask = async () => {
    setAsking(true);
    try {
      setPermission(await Notification.requestPermission());
    } catch {
      setPermission(currentPermission());
    } finally {
      setAsking(false);
    }
  };

  const dismiss = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, 'dismissed');
    } catch {
      // Private browsing without storage: hidden for this visit only.
    }
    setDismissed(true);
  };

  return (
    <Alert
      variant="light"
      color="leaf"
      radius="lg"
      mb="md"
      icon={<IconBellRinging aria-hidden />}
      title="Notifiche dei nuovi messaggi"
      data-testid="notification-prompt"
    >
      <Text size="sm" mb="xs">
        Attiva le notifiche del browser per sapere subito quando ti arriva un messaggio, anche se stai usando
        un’altra scheda.
      </Text>
      <Group gap="xs">
        <Button size="xs" onClick={() => void ask()} loading={asking}>
          Attiva le notifiche
        </Button>
        <Button size="xs" variant="subtle" color="gray" onClick={dismiss}>
          Non ora
        </Button>
      </Group>
    </Alert>
  );
}
