/**
 * The outbox topic that asks for public pages to be prerendered again (functions/src/site): written in the
 * same transaction as a change that shows on them (an article saved, published or unpublished), delivered
 * by the site area. Here, below the areas, because the areas that write it sit below the site area.
 */
import * as z from 'zod';
import { defineOutboxTopic } from './outbox-topic';

export const publicPagesTopic = defineOutboxTopic(
  'public-pages',
  z.object({
    /** Decoded page paths (`/Blog/dieta-mediterranea`); the fixed pages are rendered again with them. */
    paths: z.array(z.string().startsWith('/').max(600)).max(20),
  }),
);
