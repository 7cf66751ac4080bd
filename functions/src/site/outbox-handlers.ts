/** Pages prerendered again after a change that shows on them (platform/public-pages-topic.ts). */
import type { OutboxHandlers } from '../platform/outbox';
import { publicPagesTopic } from '../platform/public-pages-topic';
import { FIXED_PUBLIC_PAGES } from './public-pages';

export const siteOutboxHandlers: OutboxHandlers = {
  [publicPagesTopic.name]: async (entry, step) => {
    const { paths } = publicPagesTopic.payload(entry);
    // The item's own pages and the fixed ones (home, lists, FAQ show articles and profiles). Rendering again
    // from current data is harmless, so the step needs no record of its own.
    await step(
      'render',
      async () => {
        const { regeneratePublicPages } = await import('./regenerate');
        const report = await regeneratePublicPages([...FIXED_PUBLIC_PAGES, ...paths]);
        if (report.failed.length) throw new Error(`${report.failed.length} page(s) not prerendered`);
      },
      { idempotent: true },
    );
  },
};
