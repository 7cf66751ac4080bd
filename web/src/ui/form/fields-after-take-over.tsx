/**
 * The fields of a form that needs JavaScript to send, on a page that may be prerendered (contact, join the
 * team): disabled until the app has taken the page over, so nothing a visitor types or picks before is lost
 * (React would not see it). On a page the app draws itself they are enabled from the start.
 */
import { useSyncExternalStore, type ReactNode } from 'react';
import classes from './fields-after-take-over.module.css';

const noSubscription = () => () => undefined;

/** False while the server renders and while the browser hydrates, true from the first live render. */
const useLive = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

export function FieldsAfterTakeOver({ children }: { children: ReactNode }) {
  const live = useLive();
  return (
    <fieldset className={classes.fieldset} disabled={!live} aria-busy={!live || undefined}>
      {children}
    </fieldset>
  );
}
