/**
 * The Italian municipalities (spec: the official ISTAT list, loaded into the table by load-comuni.ts).
 *
 * Why two packages: @marketto/belfiore-connector-embedded@1.2.1 (the ANPR list) has stale provinces for municipalities
 * that changed province (Caserta's 98 under NA, Ivrea and 89 others under AO, Olbia-Tempio and Ogliastra
 * still OT/OG after Sardinia's 2016 reform), a few historic names for current municipalities (C178
 * "Castello D'alife" for Castello del Matese, G596 "Piedimonte D'alife" for Piedimonte Matese, L379
 * "Trentola" for Trentola Ducenta ...) and 6 names with broken encoding ("CittÃ  della Pieve").
 * codice-fiscale-js ships ISTAT's own list (same 7,896 current codes), which is right on all of those.
 *
 * The ISTAT list is authoritative here for which municipalities are current, their province and their
 * name; its names are upper case with accents folded ("RICCO' DEL GOLFO DI SPEZIA"), so the display name
 * is the ANPR dataset's spelling when it is the same name (accents and case: "Châtillon", "Tortolì"),
 * otherwise the ISTAT name in title case with the final accent restored ("Castello del Matese", "Riccò
 * del Golfo di Spezia"). Former municipalities (needed only to show an old billing profile) keep the ANPR
 * dataset's name and province. Neither list has the Sardinian provinces ISTAT codes from 1 January 2026
 * (Gallura Nord-Est Sardegna, Ogliastra, Medio Campidano, Sulcis Iglesiente, metropolitan Sassari): those
 * municipalities keep SS / SU / NU until a package release carries them (the version hash then loads it).
 */
import { createHash } from 'node:crypto';
import { belfioreConnector } from '@marketto/belfiore-connector-embedded';
import * as istatList from 'codice-fiscale-js/src/lista-comuni.js';
import type { ComuneRecord } from './comuni-repo';

export const COMUNI_DATASET_SOURCE =
  'codice-fiscale-js (ISTAT) + @marketto/belfiore-connector-embedded (names)';

export interface ComuniDataset {
  /** Every municipality, current or not, by code. */
  all: ComuneRecord[];
  version: string;
}

type IstatRow = readonly [string, string, string, number];

/**
 * The package declares no module type, so depending on the loader (esbuild's bundle, tsx, plain Node) its
 * ES module arrives as named exports or as the default export of a CommonJS wrapper.
 */
const istatRows = (): readonly IstatRow[] => {
  const loaded = istatList as { COMUNI?: readonly IstatRow[]; default?: { COMUNI?: readonly IstatRow[] } };
  const rows = loaded.COMUNI ?? loaded.default?.COMUNI;
  if (!rows) throw new Error('codice-fiscale-js: the ISTAT list of municipalities is missing');
  return rows;
};

const BELFIORE = /^[A-Z]\d{3}$/;
/** Words Italian municipality names keep in lower case (after the first word). */
const LOWER_WORDS = new Set([
  'a',
  'al',
  'alla',
  'alle',
  'da',
  'dal',
  'de',
  'dei',
  'del',
  'della',
  'delle',
  'degli',
  'di',
  'e',
  'ed',
  'in',
  'nel',
  'nella',
  'sul',
  'sulla',
  'sui',
  'sopra',
  'sotto',
  'su',
  'con',
]);
const ACCENTS: Record<string, string> = { A: 'à', E: 'è', I: 'ì', O: 'ò', U: 'ù' };

/** Comparable form of a name: letters only, no accents, upper case ("Riccò" and "RICCO'" are equal). */
export const foldName = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase();

/** "RICCO' DEL GOLFO DI SPEZIA" -> "Riccò del Golfo di Spezia" (ISTAT's folded upper-case names). */
export const istatDisplayName = (upper: string) =>
  upper
    .toLowerCase()
    // A vowel and an apostrophe at the end of a word was an accented vowel.
    .replace(/([aeiou])'(?=\s|-|$)/g, (_, vowel: string) => ACCENTS[vowel.toUpperCase()]!)
    .split(' ')
    .map((word, index) =>
      index > 0 && LOWER_WORDS.has(word)
        ? word
        : word.replace(/(^|[-'])(\p{L})/gu, (_, lead: string, letter: string) => lead + letter.toUpperCase()),
    )
    .join(' ');

/**
 * A few ANPR names are UTF-8 read as Latin-1 ("ChÃ¢tillon"): decoded back when that gives clean text
 * ("Châtillon"), dropped otherwise (the ISTAT name is used then).
 */
export const repairedName = (name: string): string | null => {
  if (!/[ÃÂ]/.test(name)) return name;
  const repaired = Buffer.from(name, 'latin1').toString('utf8');
  return repaired.includes('\uFFFD') || /[ÃÂ]/.test(repaired) ? null : repaired;
};

/** The merge, a pure function of the two lists (unit-testable without either package). */
export const mergeComuni = (
  istat: readonly IstatRow[],
  anpr: readonly {
    belfioreCode: string;
    name: string;
    province?: string | null;
    creationDate: Date;
    expirationDate: Date;
  }[],
): ComuneRecord[] => {
  const current = new Map<string, IstatRow>();
  for (const row of istat)
    if (row[3] === 1 && row[1] !== 'EE' && BELFIORE.test(row[0])) current.set(row[0], row);
  const byCode = new Map<string, ComuneRecord>();
  // Former municipalities (and names for current ones): the ANPR list, the entry valid last per code.
  const sorted = [...anpr].sort((a, b) => a.expirationDate.getTime() - b.expirationDate.getTime());
  const anprName = new Map<string, string>();
  for (const place of sorted) {
    if (typeof place.province !== 'string' || !BELFIORE.test(place.belfioreCode)) continue;
    const name = repairedName(place.name);
    if (name) anprName.set(`${place.belfioreCode}|${foldName(name)}`, name);
    byCode.set(place.belfioreCode, {
      ComuneId: place.belfioreCode,
      // Repaired when it was mis-encoded ("MolliÃ¨res" -> "Mollières"), as for current ones.
      Name: name ?? place.name,
      ProvinciaAbbreviation: place.province,
      IsCurrent: false,
    });
  }
  for (const [code, [, province, upper]] of current) {
    byCode.set(code, {
      ComuneId: code,
      Name: anprName.get(`${code}|${foldName(upper)}`) ?? istatDisplayName(upper),
      ProvinciaAbbreviation: province,
      IsCurrent: true,
    });
  }
  return [...byCode.values()].sort((a, b) => (a.ComuneId < b.ComuneId ? -1 : 1));
};

/**
 * `at` is kept for the loader's signature: the ISTAT list says what is current when the package was built
 * (a municipality created or merged later arrives with the next release, and its new version hash).
 */
export const comuniDataset = async (_at: Date): Promise<ComuniDataset> => {
  const cities = belfioreConnector.cities;
  if (!cities)
    throw new Error('@marketto/belfiore-connector-embedded: no Italian municipalities in the dataset');
  const all = mergeComuni(istatRows(), await cities.toArray());
  const hash = createHash('sha256');
  for (const comune of all)
    hash.update(
      `${comune.ComuneId}|${comune.Name}|${comune.ProvinciaAbbreviation}|${comune.IsCurrent ? 1 : 0}\n`,
    );
  return { all, version: hash.digest('hex').slice(0, 16) };
};
