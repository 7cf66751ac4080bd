import { useEffect } from 'react';

export const APP_NAME = 'Nutrì';

/** Sets the browser tab title ('Accedi · Nutrì'), which screen readers announce on navigation. */
export const usePageTitle = (title: string | null | undefined) => {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : `${APP_NAME} – Il tuo nutrizionista online`;
  }, [title]);
};
