/** Toasts (docs/product.md#errors: errors show as a toast titled 'Errore!'). */
import type { ReactNode } from 'react';
import { notifications, type NotificationData } from '@mantine/notifications';
import { ERROR_TOAST_TITLE } from '../lib/shared-values';
import { announceToast } from './toast-event';

/** Mantine's close button has no text of its own: screen readers need its name. */
const closeButtonProps = { 'aria-label': 'Chiudi' };

interface ToastOptions {
  title?: string;
  /** While a toast with this `id` shows, a second one with the same `id` is not stacked as a copy. */
  id?: string;
  /**
   * The outcome of one action: a new toast of the same `outcomeOf` takes the place of the one still
   * showing, so a success after a failure is not left under (or beside) the stale error.
   */
  outcomeOf?: string;
}

/** The toast last shown for each `outcomeOf`, to hide it when the next outcome arrives. */
const latestOutcome = new Map<string, string>();

const show = (data: NotificationData, options: ToastOptions) => {
  // The outlet that shows toasts is loaded with the first one (app/notifications-host.tsx).
  announceToast();
  const key = options.outcomeOf;
  const previous = key ? latestOutcome.get(key) : undefined;
  if (previous) notifications.hide(previous);
  const id = notifications.show({ ...data, ...(options.id ? { id: options.id } : {}) });
  if (key) latestOutcome.set(key, id);
};

/** Shows an error toast (titled 'Errore!' unless told otherwise). */
export const showErrorToast = (message: ReactNode, options: ToastOptions = {}) =>
  show(
    {
      title: options.title ?? ERROR_TOAST_TITLE,
      message,
      color: 'red',
      withBorder: true,
      autoClose: 6000,
      closeButtonProps,
    },
    options,
  );

export const showSuccessToast = (message: string, options: ToastOptions = {}) =>
  show(
    {
      ...(options.title ? { title: options.title } : {}),
      message,
      color: 'leaf',
      withBorder: true,
      autoClose: 4000,
      closeButtonProps,
    },
    options,
  );
