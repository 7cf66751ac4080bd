/**
 * Toasts without their weight on the first paint: the component that shows them, with Mantine's toast store,
 * is loaded with the first toast. ui/notify.ts announces each toast (ui/toast-event.ts) before it stores it,
 * and the outlet shows what the store holds when it mounts.
 */
import { Suspense, lazy, useEffect, useState } from 'react';
import { onToastAnnounced, toastAnnounced } from '../ui/toast-event';

const Notifications = lazy(() => import('./notifications-outlet'));

export function NotificationsHost() {
  const [needed, setNeeded] = useState(toastAnnounced);
  useEffect(() => {
    if (needed) return undefined;
    if (toastAnnounced()) {
      setNeeded(true);
      return undefined;
    }
    return onToastAnnounced(() => setNeeded(true));
  }, [needed]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  );
}
