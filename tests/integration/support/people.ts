/**
 * Users written straight into the table with the real repository code, as a sign-up leaves them: for the
 * tests (through visits.ts) and for the benchmarks, which make hundreds. Importing this module has no side
 * effect and the functions code is imported only when called, so the caller first points that code at a
 * stack (support/api.ts does it for tests, scripts/bench/lifecycle.ts for the benchmarks).
 */
import type { OnboardingStep } from '@nutri/shared';
import type { ProfileChanges } from '../../../functions/src/nutritionists/public-profiles-repo';

export interface NewPerson {
  id: string;
  email: string;
  userName: string;
  /** The first name, as mails greet the person ("Ciao <Name>"). */
  name: string;
  displayName: string;
  phone?: string | null;
  /** null: no password; such a user signs in only with tokens signed directly. */
  passwordHash: string | null;
}

const hashes = new Map<string, Promise<string>>();

/** One argon2id hash of each password for the whole process: hashing is deliberately slow. */
export const passwordHashOf = async (password: string) => {
  let hash = hashes.get(password);
  if (!hash) {
    const { hashPassword } = await import('../../../functions/src/accounts/password');
    hash = hashes.get(password) ?? hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
};

const userItem = (person: NewPerson, role: 'Patient' | 'Nutritionist', now: string) => ({
  Id: person.id,
  UserName: person.userName,
  Email: person.email,
  Name: person.name,
  DisplayName: person.displayName,
  MobilePhoneNo: person.phone ?? null,
  roles: [role],
  passwordHash: person.passwordHash,
  emailVerified: true,
  createdAt: now,
  updatedAt: now,
});

/** A nutritionist with a hidden profile: enough to have patients and a calendar. */
export const putNutritionist = async (
  person: NewPerson,
  profile: ProfileChanges = { ProfessionalTitle: 'Biologa nutrizionista' },
) => {
  const { createUser } = await import('../../../functions/src/accounts/users-repo');
  const { saveNutritionistProfile } =
    await import('../../../functions/src/nutritionists/public-profiles-repo');
  await createUser(userItem(person, 'Nutritionist', new Date().toISOString()));
  await saveNutritionistProfile(person.id, null, profile, new Date());
};

/**
 * A patient assigned to the nutritionist, with their profile in the same write, at the onboarding step
 * given (1: the introductory visit is still to book).
 */
export const putPatient = async (
  person: NewPerson,
  nutritionistUserId: string,
  onboardingStep: OnboardingStep = 1,
) => {
  const { createUser } = await import('../../../functions/src/accounts/users-repo');
  const { patientItems } = await import('../../../functions/src/onboarding/patients-repo');
  const now = new Date().toISOString();
  await createUser(
    userItem(person, 'Patient', now),
    patientItems({
      UserId: person.id,
      DisplayName: person.displayName,
      DefaultNutritionistUserId: nutritionistUserId,
      HasChangedNutritionist: false,
      HasLateCancelledIc: false,
      IsPasswordSet: person.passwordHash !== null,
      PrivacyContractSigned: true,
      Gender: 2,
      TallySubmissionId: null,
      OnboardingStep: onboardingStep,
      createdAt: now,
      updatedAt: now,
    }),
  );
};
