/**
 * The two dialogs a patient meets before paying: the billing data ('Mancano i dati per la
 * fattura') and the privacy contracts. Shared by the payment and booking-journey browser tests.
 */
import { expect, type Page } from '@playwright/test';
import { billingTexts } from '@nutri/shared';

export interface BillingData {
  name: string;
  codiceFiscale: string;
  address: string;
  postalCode: string;
}

/** Fills the billing dialog (comune: Roma, chosen from the picker) and saves it. */
export const fillMissingBillingData = async (page: Page, data: BillingData) => {
  const billing = page.getByRole('dialog', { name: billingTexts.dialogTitleMissing });
  await expect(billing).toBeVisible();
  await billing.getByLabel('Nome e cognome o ragione sociale').fill(data.name);
  await billing.getByLabel('Codice fiscale').fill(data.codiceFiscale);
  await billing.getByLabel('Indirizzo').fill(data.address);
  await billing.getByLabel('CAP').fill(data.postalCode);
  await billing.getByRole('combobox', { name: 'Comune' }).fill('roma');
  await page.getByRole('option', { name: 'Roma (RM)' }).click();
  await billing.getByRole('button', { name: 'Salva e continua' }).click();
};

/** Accepts both privacy contracts (the service's and the nutritionist's) in their dialog. */
export const acceptPrivacyContracts = async (page: Page) => {
  const privacy = page.getByRole('dialog', { name: 'Informative privacy' });
  await expect(privacy).toBeVisible();
  await privacy.getByLabel('Ho letto e accetto l’informativa privacy del servizio').check();
  await privacy.getByLabel('Ho letto e accetto l’informativa privacy del nutrizionista').check();
  await privacy.getByRole('button', { name: 'Accetta e continua' }).click();
};
