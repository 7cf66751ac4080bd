/** International prefixes offered for mobile numbers (spec: default +39, chosen from a country list). */
import { DEFAULT_PHONE_PREFIX } from '../../lib/shared-values';

export interface CountryPrefix {
  country: string;
  prefix: string;
}

/** Italy first, then alphabetical; each prefix once (the select's value is the prefix). */
export const COUNTRY_PREFIXES: readonly CountryPrefix[] = [
  { country: 'Italia', prefix: '+39' },
  { country: 'Albania', prefix: '+355' },
  { country: 'Argentina', prefix: '+54' },
  { country: 'Australia', prefix: '+61' },
  { country: 'Austria', prefix: '+43' },
  { country: 'Belgio', prefix: '+32' },
  { country: 'Brasile', prefix: '+55' },
  { country: 'Bulgaria', prefix: '+359' },
  { country: 'Cina', prefix: '+86' },
  { country: 'Croazia', prefix: '+385' },
  { country: 'Danimarca', prefix: '+45' },
  { country: 'Egitto', prefix: '+20' },
  { country: 'Emirati Arabi Uniti', prefix: '+971' },
  { country: 'Filippine', prefix: '+63' },
  { country: 'Finlandia', prefix: '+358' },
  { country: 'Francia', prefix: '+33' },
  { country: 'Germania', prefix: '+49' },
  { country: 'Giappone', prefix: '+81' },
  { country: 'Grecia', prefix: '+30' },
  { country: 'India', prefix: '+91' },
  { country: 'Irlanda', prefix: '+353' },
  { country: 'Lussemburgo', prefix: '+352' },
  { country: 'Malta', prefix: '+356' },
  { country: 'Marocco', prefix: '+212' },
  { country: 'Moldavia', prefix: '+373' },
  { country: 'Norvegia', prefix: '+47' },
  { country: 'Paesi Bassi', prefix: '+31' },
  { country: 'Polonia', prefix: '+48' },
  { country: 'Portogallo', prefix: '+351' },
  { country: 'Regno Unito', prefix: '+44' },
  { country: 'Repubblica Ceca', prefix: '+420' },
  { country: 'Romania', prefix: '+40' },
  { country: 'Russia', prefix: '+7' },
  { country: 'San Marino', prefix: '+378' },
  { country: 'Serbia', prefix: '+381' },
  { country: 'Slovacchia', prefix: '+421' },
  { country: 'Slovenia', prefix: '+386' },
  { country: 'Spagna', prefix: '+34' },
  { country: 'Stati Uniti e Canada', prefix: '+1' },
  { country: 'Svezia', prefix: '+46' },
  { country: 'Svizzera', prefix: '+41' },
  { country: 'Tunisia', prefix: '+216' },
  { country: 'Turchia', prefix: '+90' },
  { country: 'Ucraina', prefix: '+380' },
  { country: 'Ungheria', prefix: '+36' },
];

/** Splits '+393331234567' into prefix and national number (longest known prefix wins). */
export const splitPhoneNumber = (value: string | null | undefined): { prefix: string; number: string } => {
  if (!value) return { prefix: DEFAULT_PHONE_PREFIX, number: '' };
  const compact = value.replace(/[\s.-]/g, '');
  const match = [...COUNTRY_PREFIXES]
    .sort((a, b) => b.prefix.length - a.prefix.length)
    .find((entry) => compact.startsWith(entry.prefix));
  if (match) return { prefix: match.prefix, number: compact.slice(match.prefix.length) };
  return { prefix: DEFAULT_PHONE_PREFIX, number: compact.replace(/^\+/, '') };
};
