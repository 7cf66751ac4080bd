/**
 * Toasts without their weight on the first paint: the notifications store is tiny and always there
 * (ui/notify.ts writes to it), the component that shows the toasts is loaded with the first one.
 */
import { Suspense, lazy, useEffect, useState } from 'react';
import { useNotifications } from '@mantine/notifications';

const Notifications = lazy(() => import('./notifications-outlet'));

export function NotificationsHost() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  const pending = notifications.length + queue.length > 0;
  useEffect(() => {
    if (pending) setNeeded(true);
  }, [pending]);
  if (!needed && !pending) return null;
  return (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  );
}
