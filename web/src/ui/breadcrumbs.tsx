/** Breadcrumb trail ('Home > Nutrizionisti > Nome'): a labelled nav with the current page marked. */
import { Link } from 'react-router-dom';
import classes from './breadcrumbs.module.css';

export interface Crumb {
  label: string;
  /** Omitted for the current page (the last crumb). */
  href?: string;
}

export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  return (
    <nav aria-label="Percorso di navigazione" className={classes.nav}>
      <ol className={classes.list}>
        {items.map((item, index) => (
          <li key={`${index}-${item.label}`} className={classes.item}>
            {item.href && index < items.length - 1 ? (
              <Link to={item.href} className={classes.link}>
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" className={classes.current}>
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
