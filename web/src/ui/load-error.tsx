import { Text } from '@mantine/core';
import { errorTexts } from '../lib/shared-values';
import { LightButton } from './light-button';
import classes from './load-error.module.css';

/**
 * A load failed: say so and offer to try again. Plain markup rather than Mantine's Alert: the guard shows
 * it from always-loaded code, and the landing page's JavaScript budget has no room for Alert and Button.
 */
export function LoadError({
  onRetry,
  message = errorTexts.cannotLoadData,
}: {
  onRetry?: () => unknown;
  message?: string;
}) {
  return (
    <div role="alert" className={classes.alert}>
      <svg
        viewBox="0 0 24 24"
        width="22"
        height="22"
        aria-hidden="true"
        focusable="false"
        className={classes.icon}
      >
        <path
          d="M12 9v4m0 4h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <div className={classes.body}>
        <p className={classes.title}>{message}</p>
        <Text size="sm">Controlla la connessione e riprova tra qualche istante.</Text>
        {onRetry ? (
          <div className={classes.retry}>
            <LightButton variant="outline" color="red" size="xs" onClick={() => void onRetry()}>
              Riprova
            </LightButton>
          </div>
        ) : null}
      </div>
    </div>
  );
}
