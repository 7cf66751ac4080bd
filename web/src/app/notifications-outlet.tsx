/** The toasts themselves (see notifications-host.tsx), with their styles. */
import { Notifications } from '@mantine/notifications';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';

export default function NotificationsOutlet() {
  return <Notifications position="top-right" limit={4} />;
}
