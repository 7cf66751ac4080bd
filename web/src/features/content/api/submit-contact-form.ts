/** POST /api/v2/ContactForm (docs/product.md#validation): 204, or 400 with `Errors` per field, or 429. */
import type { ContactFormRequest } from '@nutri/shared';
import { api } from '../../../api/client';

export const submitContactForm = async (request: ContactFormRequest): Promise<void> => {
  await api.post('/ContactForm', request, { auth: false });
};
