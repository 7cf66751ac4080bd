/**
 * The Italian municipalities of the dataset package @marketto/belfiore-connector-embedded (Ministero
 * dell'Interno / ANPR list: Belfiore code, name, province, creation and expiry dates; CC BY 4.0): every
 * one the dataset knows, flagged current when valid on the given day. The version is a hash of what is
 * loaded, so both a new package release and a municipality created or merged on a date make a new one.
 */
import { createHash } from 'node:crypto';
import { belfioreConnector } from '@marketto/belfiore-connector-embedded';
import type { ComuneRecord } from './comuni-repo';

export const COMUNI_DATASET_SOURCE = '@marketto/belfiore-connector-embedded';

export interface ComuniDataset {
  /** Every municipality, current or not, by code. */
  all: ComuneRecord[];
  version: string;
}

export const comuniDataset = async (at: Date): Promise<ComuniDataset> => {
  // `cities` holds Italian places only (foreign countries are the `countries` view).
  const cities = belfioreConnector.cities;
  if (!cities) throw new Error(`${COMUNI_DATASET_SOURCE}: no Italian municipalities in the dataset`);
  // One pass over the list (~0.5 s) and the validity dates checked here, as the connector's
  // active(date) view does: valid from the creation date, until the expiry date.
  const all = (await cities.toArray())
    .filter((place) => typeof place.province === 'string' && /^[A-Z]\d{3}$/.test(place.belfioreCode))
    .map((place) => ({
      ComuneId: place.belfioreCode,
      Name: place.name,
      ProvinciaAbbreviation: String(place.province),
      IsCurrent: place.creationDate <= at && at < place.expirationDate,
    }))
    .sort((a, b) => (a.ComuneId < b.ComuneId ? -1 : 1));
  const hash = createHash('sha256');
  for (const comune of all)
    hash.update(
      `${comune.ComuneId}|${comune.Name}|${comune.ProvinciaAbbreviation}|${comune.IsCurrent ? 1 : 0}\n`,
    );
  return { all, version: hash.digest('hex').slice(0, 16) };
};
