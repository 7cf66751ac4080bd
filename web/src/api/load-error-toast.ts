/** The toast of a failed SWR load ('Impossibile caricare i dati'), one per key (api/swr.tsx loads it). */
import { errorTexts } from '../lib/shared-values';
import { showErrorToast } from '../ui/notify';

export const showLoadErrorToast = (key: string) =>
  showErrorToast(errorTexts.cannotLoadData, { id: `swr-error:${key}` });
