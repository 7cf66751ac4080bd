/**
 * The full check of a codice fiscale, with the maintained library @marketto/codice-fiscale-utils and the
 * dataset of places (Italian municipalities past and present, foreign countries) it needs: shape,
 * omocodia, check character, and that the birth place existed on the birth date. The shared schema has
 * already checked shape and check character (the web form runs that part too).
 */
import { belfioreConnector } from '@marketto/belfiore-connector-embedded';
import { CodiceFiscaleUtils } from '@marketto/codice-fiscale-utils';
import { billingTexts } from '@nutri/shared';

let utils: CodiceFiscaleUtils | undefined;

/** The Italian message of what is wrong with a normalized codice fiscale, or null when it is valid. */
export const codiceFiscaleLibraryProblem = async (codiceFiscale: string): Promise<string | null> => {
  // Companies' and other entities' codes are 11 digits, checked like a partita IVA in the shared schema.
  if (/^\d{11}$/.test(codiceFiscale)) return null;
  utils ??= new CodiceFiscaleUtils(belfioreConnector);
  const errors = await utils.validator.codiceFiscale(codiceFiscale).errors;
  if (!errors) return null;
  if (errors.crc) return billingTexts.codiceFiscaleCheck;
  if (errors.place || errors.date) return billingTexts.codiceFiscaleBirthPlace;
  return billingTexts.codiceFiscaleShape;
};
