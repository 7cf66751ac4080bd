/**
 * The Italian municipalities for the local runtime: the same loader the cloud's `load-comuni` job runs,
 * at every start. With the dataset version already in the table it costs one read plus reading the
 * package; a fresh data directory also writes the 33 buckets (docs/data-model.md, Billing area).
 */
import { loadComuni } from '@nutri/functions/billing/load-comuni';

export const seedComuni = () => loadComuni(new Date());
