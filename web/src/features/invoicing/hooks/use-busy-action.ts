/**
 * One action at a time on an invoicing screen: which one is running (its button shows a loader), and the
 * server's Italian message, or `failure`, in a toast when it fails.
 */
import { useState } from 'react';
import { showErrorToast } from '../../../ui/notify';
import { errorMessage } from '../api/invoicing';

export function useBusyAction<K extends string | number>() {
  const [busy, setBusy] = useState<K | null>(null);
  const run = async (kind: K, action: () => Promise<unknown>, failure: string) => {
    setBusy(kind);
    try {
      await action();
      return true;
    } catch (error) {
      showErrorToast(errorMessage(error, failure));
      return false;
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}
