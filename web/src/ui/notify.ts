/** Toasts (spec section 8: errors show as a toast titled 'Errore!'). */
import type { ReactNode } from 'react';
import { notifications } from '@mantine/notifications';
import { ERROR_TOAST_TITLE } from '../lib/shared-values';

/** Mantine's close button has no text of its own: screen readers need its name. */
const closeButtonProps = { 'aria-label': 'Chiudi' };

/** Shows an error toast; the same `id` replaces an earlier toast instead of stacking a copy. */
export const showErrorToast = (message: ReactNode, options: { title?: string; id?: string } = {}) => {
  notifications.show({
    ...(options.id ? { id: options.id } : {}),
    title: options.title ?? ERROR_TOAST_TITLE,
    message,
    color: 'red',
    withBorder: true,
    autoClose: 6000,
    closeButtonProps,
  });
};

export const showSuccessToast = (message: string, options: { title?: string } = {}) => {
  notifications.show({
    ...(options.title ? { title: options.title } : {}),
    message,
    color: 'leaf',
    withBorder: true,
    autoClose: 4000,
    closeButtonProps,
  });
};
