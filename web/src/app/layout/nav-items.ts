/** What the header, drawer and user menu link to, for the signed-in user's roles. */
import type { Role } from '@nutri/shared';
import { paths } from '../../paths';

export interface NavItem {
  label: string;
  href: string;
}

export const PUBLIC_NAV: readonly NavItem[] = [
  { label: 'Nutrizionisti', href: paths.nutritionists.list() },
  { label: 'Blog', href: paths.blog.list() },
  { label: 'FAQ', href: paths.faq() },
  { label: 'Contatti', href: paths.contact() },
];

export const ACCOUNT_NAV: readonly NavItem[] = [
  { label: 'Il mio profilo', href: paths.account.profile() },
  { label: 'Cambia password', href: paths.account.changePassword() },
];

/** Links to the areas the roles open, in a stable order (own area first, chat, then back office). */
export const roleNavItems = (roles: readonly Role[]): NavItem[] => {
  const has = (role: Role) => roles.includes(role);
  const items: NavItem[] = [];
  if (has('Patient')) items.push({ label: 'Area paziente', href: paths.patients.home() });
  if (has('Nutritionist')) items.push({ label: 'Area nutrizionista', href: paths.nutritionistArea.home() });
  // The chat connection exists only for patients and nutritionists (docs/product.md#roles).
  if (has('Patient') || has('Nutritionist')) items.push({ label: 'Chat', href: paths.chat() });
  if (has('BusinessAdmin')) items.push({ label: 'Admin', href: paths.admin.home() });
  if (has('UserManager')) items.push({ label: 'Utenti', href: paths.users.home() });
  if (has('SystemAdmin')) items.push({ label: 'Impostazioni di sistema', href: paths.system.home() });
  // Consents, export and erasure of one's data (docs/product.md#privacy-centre).
  if (has('Patient')) items.push({ label: 'Privacy e dati', href: paths.account.privacy() });
  return items;
};

export const FOOTER_NAV: readonly { title: string; items: readonly NavItem[] }[] = [
  {
    title: 'Il servizio',
    items: [
      { label: 'Trova il tuo nutrizionista', href: paths.findNutritionist() },
      { label: 'Nutrizionisti', href: paths.nutritionists.list() },
      { label: 'Blog', href: paths.blog.list() },
      { label: 'FAQ', href: paths.faq() },
    ],
  },
  {
    title: 'Nutrì',
    items: [
      { label: 'Chi siamo', href: paths.about() },
      { label: 'Contatti', href: paths.contact() },
      { label: 'Entra nel team', href: paths.joinTeam() },
    ],
  },
  {
    title: 'Privacy',
    items: [
      { label: 'Privacy Google Calendar', href: paths.privacyGoogleCalendar() },
      { label: 'Termini e condizioni Google Calendar', href: paths.termsGoogleCalendar() },
    ],
  },
];
