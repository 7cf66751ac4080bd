/**
 * How ui/notify.ts tells app/notifications-host.tsx that a toast is coming, so the host loads the outlet
 * that shows toasts (with Mantine's store) only then. A toast announced before the host listens (while the
 * app's first render is under way) is remembered.
 */
const TOAST_EVENT = 'nutri:toast';

let announced = false;

export const announceToast = () => {
  announced = true;
  window.dispatchEvent(new Event(TOAST_EVENT));
};

export const toastAnnounced = () => announced;

/** Calls `listener` at the next announced toast; returns the function that stops listening. */
export const onToastAnnounced = (listener: () => void) => {
  window.addEventListener(TOAST_EVENT, listener);
  return () => window.removeEventListener(TOAST_EVENT, listener);
};
