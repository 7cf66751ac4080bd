/**
 * Nutritionist accounts (docs/product.md#nutritionist-accounts): a BusinessAdmin creates the account (the
 * user and a hidden profile in one transaction) and an invitation mail goes out with a single-use link to
 * set the password; deactivating hides the nutritionist from matching and the public list (the profile is
 * no longer public and cannot be made public again until reactivated) and releases their patients to the
 * unassigned queue; nothing of their history is deleted. Also the nutritionist's own profile
 * (GET CurrentNutritionist/Nutritionist). Here rather than in `nutritionists` because releasing patients
 * is onboarding's data and onboarding already depends on the nutritionists area.
 */
import { createNutritionistAccountSchema } from '@nutri/shared';
import * as z from 'zod';
import { createUser, getUser, getUserNames, sendInvitation, type User } from '../accounts';
import type { SignedInActor } from '../http/actor';
import { AppError, notFound } from '../http/errors';
import { created, defineOperation, noContent } from '../http/operation';
import {
  adjustActivePatients,
  getNutritionistProfile,
  newNutritionistProfileItem,
  saveNutritionistProfile,
  toPublicNutritionist,
  skillNamesById,
} from '../nutritionists';
import { recordChangeAudit } from '../platform/audit';
import { now } from '../platform/clock';
import { newId } from '../platform/ids';
import { logger } from '../platform/logger';
import { collaborators } from './collaborators';
import { releasePatientsOfNutritionist } from './patients-repo';

const userIdPath = z.object({ userId: z.string().min(1).max(100) });
const NOT_A_NUTRITIONIST = 'Nutrizionista non trovato.';

const requireNutritionistUser = async (userId: string): Promise<User> => {
  const user = await getUser(userId);
  if (!user?.roles.includes('Nutritionist')) throw notFound(NOT_A_NUTRITIONIST);
  return user;
};

const audit = (actor: SignedInActor, action: string, userId: string) => ({
  Action: action,
  ActorUserId: actor.userId,
  SubjectType: 'user',
  SubjectId: userId,
});

// POST Admin/NutritionistAccounts: the account, its hidden profile, the invitation mail.
export const createNutritionistAccount = defineOperation(
  ['BusinessAdmin'],
  { body: createNutritionistAccountSchema },
  async ({ body, actor }) => {
    const at = now();
    const email = body.Email.toLowerCase();
    const name = `${body.FirstName} ${body.LastName}`;
    const user: User = {
      Id: newId(),
      UserName: email,
      Email: email,
      Name: name,
      DisplayName: name,
      MobilePhoneNo: null,
      roles: ['Nutritionist'],
      passwordHash: null,
      emailVerified: false,
      createdAt: at.toISOString(),
      updatedAt: at.toISOString(),
    };
    await createUser(user, [
      newNutritionistProfileItem(
        user.Id,
        {
          ProfessionalTitle: body.ProfessionalTitle,
          PersonalTitle: body.PersonalTitle,
          Gender: body.Gender,
          IsCalendarPartner: body.IsCalendarPartner,
        },
        at,
      ),
    ]);
    await recordChangeAudit(
      audit(actor, 'nutritionist.created', user.Id),
      {
        Email: [null, email],
        DisplayName: [null, name],
        ProfessionalTitle: [null, body.ProfessionalTitle],
        IsCalendarPartner: [null, body.IsCalendarPartner ? 1 : 0],
      },
      at,
    );
    await sendInvitation(user, at);
    return created({ UserId: user.Id });
  },
);

// POST Admin/NutritionistAccounts/{userId}/Invitation: a new link, e.g. after the first one expired.
export const resendNutritionistInvitation = defineOperation(
  ['BusinessAdmin'],
  { path: userIdPath },
  async ({ path, actor }) => {
    const user = await requireNutritionistUser(path.userId);
    if (user.passwordHash)
      throw new AppError(
        'conflict',
        'Il nutrizionista ha già scelto la password: non serve un nuovo invito.',
      );
    const at = now();
    await sendInvitation(user, at);
    await recordChangeAudit(audit(actor, 'nutritionist.invitation.sent', user.Id), {}, at);
    return noContent();
  },
);

const PARTNER_SCHEMA = z.strictObject({
  IsCalendarPartner: z.boolean({ error: 'Indica se il nutrizionista è partner per il calendario.' }),
});

// PUT Admin/NutritionistAccounts/{userId}/CalendarPartner: the partner flag of the calendar integration.
export const setNutritionistCalendarPartner = defineOperation(
  ['BusinessAdmin'],
  { path: userIdPath, body: PARTNER_SCHEMA },
  async ({ path, body, actor }) => {
    const user = await requireNutritionistUser(path.userId);
    const current = await getNutritionistProfile(user.Id);
    const before = current?.IsCalendarPartner ?? false;
    if (before === body.IsCalendarPartner) return noContent();
    const at = now();
    await saveNutritionistProfile(user.Id, current, { IsCalendarPartner: body.IsCalendarPartner }, at);
    await recordChangeAudit(
      audit(actor, 'nutritionist.calendar-partner.changed', user.Id),
      { IsCalendarPartner: [before ? 1 : 0, body.IsCalendarPartner ? 1 : 0] },
      at,
    );
    return noContent();
  },
);

// POST Admin/NutritionistAccounts/{userId}/Deactivate: hidden, unmatched, patients to the unassigned queue.
export const deactivateNutritionist = defineOperation(
  ['BusinessAdmin'],
  { path: userIdPath },
  async ({ path, actor }) => {
    const user = await requireNutritionistUser(path.userId);
    const current = await getNutritionistProfile(user.Id);
    const at = now();
    if (!current?.Deactivated) {
      await saveNutritionistProfile(
        user.Id,
        current,
        { Deactivated: true, DeactivatedAt: at.toISOString(), IsPublic: false },
        at,
      );
    }
    // Also after a retry: a patient assigned meanwhile (or left by a failed earlier run) is released now.
    const released = await releasePatientsOfNutritionist(user.Id, at);
    for (let index = 0; index < released.length; index += 1) await adjustActivePatients(user.Id, -1);
    await recordChangeAudit(
      audit(actor, 'nutritionist.deactivated', user.Id),
      { Deactivated: [current?.Deactivated ? 1 : 0, 1], IsPublic: [current?.IsPublic ? 1 : 0, 0] },
      at,
      { ReleasedPatients: released.length },
    );
    logger.info('Nutritionist deactivated', { userId: user.Id, releasedPatients: released.length });
    return { ReleasedPatients: released.length };
  },
);

// POST Admin/NutritionistAccounts/{userId}/Reactivate: matchable again once the profile is made public.
export const reactivateNutritionist = defineOperation(
  ['BusinessAdmin'],
  { path: userIdPath },
  async ({ path, actor }) => {
    const user = await requireNutritionistUser(path.userId);
    const current = await getNutritionistProfile(user.Id);
    if (!current?.Deactivated) return noContent();
    const at = now();
    await saveNutritionistProfile(user.Id, current, { Deactivated: false, DeactivatedAt: null }, at);
    await recordChangeAudit(audit(actor, 'nutritionist.reactivated', user.Id), { Deactivated: [1, 0] }, at);
    return noContent();
  },
);

// GET CurrentNutritionist/Nutritionist: the signed-in nutritionist's own profile and calendar state.
export const getCurrentNutritionist = defineOperation(['Nutritionist'], {}, async ({ actor }) => {
  const profile = await getNutritionistProfile(actor.userId);
  if (!profile) throw notFound('Il tuo profilo da nutrizionista non è ancora stato creato.');
  const names = await getUserNames([actor.userId]);
  const skills = await skillNamesById(profile.Skills);
  const view = toPublicNutritionist(
    profile,
    names.get(actor.userId)?.DisplayName ?? '',
    profile.Skills.map((skill) => skills.get(skill.TagId) ?? '').filter(Boolean),
  );
  return {
    ...view,
    CalendarSlotsAvailable: profile.CalendarSlotsAvailable,
    IsCalendarPartner: profile.IsCalendarPartner,
    IsPublic: profile.IsPublic,
    Deactivated: profile.Deactivated,
    IsBillingProfileComplete: await collaborators().isBillingProfileComplete(actor.userId),
  };
});
