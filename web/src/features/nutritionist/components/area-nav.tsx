/**
 * The nutritionist area's own navigation (overview, bookings, calendar, patients, invoices, and Google
 * Calendar for partners: docs/product.md#google-calendar): one row of links under the page title, scrolling
 * sideways on narrow phones rather than wrapping.
 */
import { NavLink } from 'react-router-dom';
import useSWR from 'swr';
import { api } from '../../../api/client';
import { paths } from '../../../paths';
import classes from './area-nav.module.css';

const ITEMS = [
  { label: 'Home', href: paths.nutritionistArea.home(), end: true },
  { label: 'Appuntamenti', href: paths.nutritionistArea.bookings(), end: false },
  { label: 'Calendario', href: paths.nutritionistArea.calendar(), end: true },
  { label: 'Pazienti', href: paths.nutritionistArea.patients(), end: true },
  { label: 'Fatture', href: paths.nutritionistArea.invoices(), end: true },
] as const;

const GOOGLE_CALENDAR_ITEM = {
  label: 'Google Calendar',
  href: paths.nutritionistArea.googleCalendarConnect(),
  end: true,
};

export function AreaNav() {
  const own = useSWR('/CurrentNutritionist/Nutritionist', (path: string) =>
    api.get<{ IsCalendarPartner?: boolean }>(path),
  );
  const items = own.data?.IsCalendarPartner ? [...ITEMS, GOOGLE_CALENDAR_ITEM] : ITEMS;
  return (
    <nav aria-label="Area nutrizionista" className={classes.nav}>
      <ul className={classes.list}>
        {items.map((item) => (
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
