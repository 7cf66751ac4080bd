/** Toasts (spec section 8: errors show as a toast titled 'Errore!'). */
import { notifications } from '@mantine/notifications';
import { ERROR_TOAST_TITLE } from '../lib/shared-values';

/** Shows an error toast; the same `id` replaces an earlier toast instead of stacking a copy. */
export const showErrorToast = (message: string, options: { title?: string; id?: string } = {}) => {
  notifications.show({
    ...(options.id ? { id: options.id } : {}),
    title: options.title ?? ERROR_TOAST_TITLE,
    message,
    color: 'red',
    withBorder: true,
    autoClose: 6000,
  });
};

export const showSuccessToast = (message: string, options: { title?: string } = {}) => {
  notifications.show({
    ...(options.title ? { title: options.title } : {}),
    message,
    color: 'leaf',
    withBorder: true,
    autoClose: 4000,
  });
};
