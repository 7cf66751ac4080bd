import classes from './page-loader.module.css';

/** Shown while a page's code or the data it needs is loading (a CSS spinner: no JavaScript weight). */
export function PageLoader({ label = 'Caricamento in corso…' }: { label?: string }) {
  return (
    <div className={classes.wrapper} role="status" aria-live="polite">
      <span className={classes.spinner} aria-hidden="true" />
      <span className={classes.label}>{label}</span>
    </div>
  );
}
