/**
 * The nutritionist area's own navigation (overview, bookings, calendar, patients, invoices): one row of links under
 * the page title, scrolling sideways on narrow phones rather than wrapping.
 */
import { NavLink } from 'react-router-dom';
import { paths } from '../../../paths';
import classes from './area-nav.module.css';

const ITEMS = [
  { label: 'Home', href: paths.nutritionistArea.home(), end: true },
  { label: 'Appuntamenti', href: paths.nutritionistArea.bookings(), end: false },
  { label: 'Calendario', href: paths.nutritionistArea.calendar(), end: true },
  { label: 'Pazienti', href: paths.nutritionistArea.patients(), end: true },
  { label: 'Fatture', href: paths.nutritionistArea.invoices(), end: true },
] as const;

export function AreaNav() {
  return (
    <nav aria-label="Area nutrizionista" className={classes.nav}>
      <ul className={classes.list}>
        {ITEMS.map((item) => (
          <li key={item.href}>
            <NavLink to={item.href} end={item.end} className={classes.link}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
