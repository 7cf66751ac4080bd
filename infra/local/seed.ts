/**
 * Demo data for the local runtime only (never deployed): idempotent, so every `npm start` may run it.
 */
import type { Role } from '@nutri/shared';
import { hashPassword } from '@nutri/functions/accounts/password';
import { createUser, findUserByLogin } from '@nutri/functions/accounts/users-repo';
import {
  createBillingProfile,
  getActiveBillingProfile,
} from '@nutri/functions/billing/billing-profiles-repo';
import { adjustActivePatients } from '@nutri/functions/nutritionists/public-profiles-repo';
import { nextId } from '@nutri/functions/platform/db/counter';
import { indexAllPatientNames } from '@nutri/functions/onboarding/name-index-job';
import { patientItems } from '@nutri/functions/onboarding/patients-repo';
import { seedComuni } from './seed-comuni';
import { seedContent } from './seed-content';
import { DEMO_NUTRITIONIST_ID, seedNutritionists } from './seed-nutritionists';

export interface DemoAccount {
  id: string;
  email: string;
  password: string;
  userName: string;
  name: string;
  displayName: string;
  roles: Role[];
  label: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    id: '5d0c1a38-2f5e-4f0b-9a55-000000000001',
    email: 'paziente@nutri.local',
    password: 'Paziente123!',
    userName: 'paziente',
    name: 'Giulia Rossi',
    displayName: 'Giulia Rossi',
    roles: ['Patient'],
    label: 'Paziente',
  },
  {
    id: '5d0c1a38-2f5e-4f0b-9a55-000000000002',
    email: 'nutrizionista@nutri.local',
    password: 'Nutrizionista123!',
    userName: 'nutrizionista',
    name: 'Chiara Bianchi',
    // The honorific comes from the nutritionist profile's PersonalTitle, never from the name.
    displayName: 'Chiara Bianchi',
    roles: ['Nutritionist'],
    label: 'Nutrizionista',
  },
  {
    id: '5d0c1a38-2f5e-4f0b-9a55-000000000003',
    email: 'admin@nutri.local',
    password: 'Admin1234!',
    userName: 'admin',
    name: 'Amministrazione Nutrì',
    displayName: 'Amministrazione',
    roles: ['BusinessAdmin', 'UserManager', 'SystemAdmin'],
    label: 'Amministratore',
  },
];

const demoPatientProfile = (userId: string, displayName: string, now: string) => ({
  UserId: userId,
  DisplayName: displayName,
  DefaultNutritionistUserId: DEMO_NUTRITIONIST_ID,
  HasChangedNutritionist: false,
  HasLateCancelledIc: false,
  IsPasswordSet: true,
  PrivacyContractSigned: false,
  Gender: 2,
  TallySubmissionId: null,
  OnboardingStep: 1 as const,
  createdAt: now,
  updatedAt: now,
});

/**
 * The demo nutritionist can invoice (an active billing profile with partita IVA), so the demo patient's
 * first payment asks for the privacy contracts as a real one would. Fictitious but valid codes.
 */
const seedDemoNutritionistBilling = async () => {
  if (await getActiveBillingProfile(DEMO_NUTRITIONIST_ID)) return;
  const now = new Date().toISOString();
  await createBillingProfile({
    BillingProfileId: await nextId('billingprofile'),
    UserId: DEMO_NUTRITIONIST_ID,
    RagioneSociale: 'Chiara Bianchi, biologa nutrizionista',
    CodiceFiscale: 'BNCCHR90A41H501W',
    PartitaIva: '12345678903',
    Address: 'Via dei Mille 8',
    PostalCode: '00185',
    ComuneId: 'H501',
    IsActive: true,
    createdAt: now,
    updatedAt: now,
    version: 1,
  });
};

export const seedDemoData = async () => {
  // The municipalities are independent of the rest: loading them alongside keeps start-up fast.
  const comuni = seedComuni();
  // Awaited below; until then a failure must not count as unhandled (it is reported there).
  comuni.catch(() => undefined);
  let created = 0;
  let demoPatientCreated = false;
  for (const account of DEMO_ACCOUNTS) {
    if (await findUserByLogin(account.email)) continue;
    const now = new Date().toISOString();
    const isPatient = account.roles.includes('Patient');
    await createUser(
      {
        Id: account.id,
        UserName: account.userName,
        Email: account.email,
        Name: account.name,
        DisplayName: account.displayName,
        MobilePhoneNo: null,
        roles: account.roles,
        passwordHash: await hashPassword(account.password),
        emailVerified: true,
        createdAt: now,
        updatedAt: now,
      },
      // The demo patient is already matched with the demo nutritionist (onboarding step 1: book the free
      // introductory meeting); the privacy contract is left to sign, as for a real new patient.
      isPatient ? patientItems(demoPatientProfile(account.id, account.displayName, now)) : [],
    );
    demoPatientCreated ||= isPatient;
    created += 1;
  }
  // Nutritionists need the skill tags, which seedContent does not touch; content needs nothing else.
  const nutritionists = await seedNutritionists();
  if (demoPatientCreated) await adjustActivePatients(DEMO_NUTRITIONIST_ID, 1);
  await seedDemoNutritionistBilling();
  // Data of an earlier version (a kept .data/) gets the patient search's name words, as the job does.
  const patientNames = await indexAllPatientNames();
  const content = await seedContent();
  return { created, nutritionists, patientNames, content, comuni: await comuni };
};
