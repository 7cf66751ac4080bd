/**
 * Demo data for the local runtime only (never deployed): idempotent, so every `npm start` may run it.
 */
import type { Role } from '@nutri/shared';
import { hashPassword } from '@nutri/functions/accounts/password';
import { createUser, findUserByLogin } from '@nutri/functions/accounts/users-repo';
import { seedContent } from './seed-content';
import { seedNutritionists } from './seed-nutritionists';

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

export const seedDemoData = async () => {
  let created = 0;
  for (const account of DEMO_ACCOUNTS) {
    if (await findUserByLogin(account.email)) continue;
    const now = new Date().toISOString();
    await createUser({
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
    });
    created += 1;
  }
  // Nutritionists need the skill tags, which seedContent does not touch; content needs nothing else.
  const nutritionists = await seedNutritionists();
  const content = await seedContent();
  return { created, nutritionists, content };
};
