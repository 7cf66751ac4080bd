/**
 * Billing profiles (docs/product.md#data, #api and #errors): the caller's own (User/BillingProfilesSelf), any user's for
 * the back office (User/BillingProfiles, the user named by UserId), and a nutritionist's view of their
 * own patients' (CurrentNutritionist/Patients/{id}/BillingProfiles).
 *
 * Requests are checked with the shared schemas and then, for the fields that passed, with what needs
 * data: the codice fiscale library (birth place and date) and the table of municipalities. All problems
 * come back together in one `Errors` map (field -> Italian messages), so the dialog can list them.
 */
import {
  billingProfileAdminQuerySchema,
  billingProfileFilterSchema,
  billingTexts,
  codiceFiscaleSchema,
  comuneIdSchema,
  createBillingProfileForUserSchema,
  createBillingProfileSchema,
  errorTexts,
  updateBillingProfileSchema,
  type BillingProfile,
  type ItalianCity,
} from '@nutri/shared';
import * as z from 'zod';
import { getUser } from '../accounts';
import { AppError, notFound, zodErrorsByField } from '../http/errors';
import { created, defineOperation } from '../http/operation';
import { idPath } from '../http/path-id';
import { getPatientProfile } from '../onboarding';
import { now } from '../platform/clock';
import { nextId } from '../platform/db/counter';
import {
  countBillingProfiles,
  createBillingProfile,
  getBillingProfile,
  listBillingProfiles,
  updateBillingProfile,
  type BillingProfileRecord,
} from './billing-profiles-repo';
import { getComune } from './comuni-repo';

// ---------------------------------------------------------------------------------------------------
// Validation: shared schema, then the checks that need the dataset and the table, in one Errors map.

type FieldErrors = Record<string, string[]>;

const addError = (errors: FieldErrors, field: string, message: string) => {
  (errors[field] ??= []).push(message);
};

const fieldOf = (body: unknown, field: string): unknown =>
  typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[field] : undefined;

/** Codice fiscale and comune checks that need data, on the fields the shared schema accepted. */
const dataChecks = async (body: unknown, errors: FieldErrors, unchangedComuneId?: string) => {
  const codiceFiscale = codiceFiscaleSchema.safeParse(fieldOf(body, 'CodiceFiscale'));
  const comuneId = comuneIdSchema.safeParse(fieldOf(body, 'ComuneId'));
  const [codiceFiscaleProblem, comune] = await Promise.all([
    codiceFiscale.success && !errors.CodiceFiscale
      ? // The library and its dataset of places (about 250 KB) load with the first check, not at start.
        import('./codice-fiscale').then(({ codiceFiscaleLibraryProblem }) =>
          codiceFiscaleLibraryProblem(codiceFiscale.data),
        )
      : null,
    comuneId.success && !errors.ComuneId && comuneId.data !== unchangedComuneId
      ? getComune(comuneId.data)
      : undefined,
  ]);
  if (codiceFiscaleProblem) addError(errors, 'CodiceFiscale', codiceFiscaleProblem);
  // A new choice must be a current municipality; one saved earlier stays valid if it later merges.
  if (comune === null || comune?.IsCurrent === false)
    addError(errors, 'ComuneId', billingTexts.comuneUnknown);
};

const parseBillingRequest = async <T extends z.ZodType>(
  schema: T,
  body: unknown,
  unchangedComuneId?: string,
): Promise<z.output<T>> => {
  const result = schema.safeParse(body ?? {});
  const errors = result.success ? {} : zodErrorsByField(result.error);
  await dataChecks(body, errors, unchangedComuneId);
  if (!result.success || Object.keys(errors).length > 0)
    throw new AppError('validation_failed', errorTexts.validation_failed, { errors });
  return result.data;
};

// ---------------------------------------------------------------------------------------------------
// Views.

const comuneView = async (comuneId: string): Promise<ItalianCity | null> => {
  const comune = await getComune(comuneId);
  return comune
    ? { ComuneId: comune.ComuneId, Name: comune.Name, ProvinciaAbbreviation: comune.ProvinciaAbbreviation }
    : null;
};

const profileViews = async (records: readonly BillingProfileRecord[]): Promise<BillingProfile[]> => {
  const comuni = new Map<string, Promise<ItalianCity | null>>();
  for (const record of records)
    if (!comuni.has(record.ComuneId)) comuni.set(record.ComuneId, comuneView(record.ComuneId));
  return Promise.all(
    records.map(async (record) => ({
      BillingProfileId: record.BillingProfileId,
      UserId: record.UserId,
      RagioneSociale: record.RagioneSociale,
      CodiceFiscale: record.CodiceFiscale,
      PartitaIva: record.PartitaIva,
      Address: record.Address,
      PostalCode: record.PostalCode,
      ComuneId: record.ComuneId,
      Comune: await comuni.get(record.ComuneId)!,
      IsActive: record.IsActive,
      CreatedAt: record.createdAt,
      UpdatedAt: record.updatedAt,
    })),
  );
};

const profileView = async (record: BillingProfileRecord) => (await profileViews([record]))[0]!;

/** Active profiles first, then newest first: the one invoices use leads the list. */
const byRelevance = (records: BillingProfileRecord[]) =>
  [...records].sort(
    (a, b) => Number(b.IsActive) - Number(a.IsActive) || b.BillingProfileId - a.BillingProfileId,
  );

const listOf = async (records: BillingProfileRecord[]) => {
  const data = await profileViews(byRelevance(records));
  return { Data: data, Count: data.length, NextCursor: null };
};

// ---------------------------------------------------------------------------------------------------
// Shared steps of the self and admin resources.

const createFor = async (userId: string, body: z.output<typeof createBillingProfileSchema>) => {
  const at = now().toISOString();
  const record = await createBillingProfile({
    BillingProfileId: await nextId('billingprofile'),
    UserId: userId,
    RagioneSociale: body.RagioneSociale,
    CodiceFiscale: body.CodiceFiscale,
    PartitaIva: body.PartitaIva ?? null,
    Address: body.Address,
    PostalCode: body.PostalCode,
    ComuneId: body.ComuneId,
    IsActive: true,
    createdAt: at,
    updatedAt: at,
    version: 1,
  });
  return created(await profileView(record));
};

/** One of the user's profiles; a profile of anyone else is as unknown as a missing one. */
const requireProfile = async (userId: string, billingProfileId: number) => {
  const profile = await getBillingProfile(userId, billingProfileId);
  if (!profile) throw notFound();
  return profile;
};

const updateFor = async (userId: string, billingProfileId: number, rawBody: unknown) => {
  const current = await requireProfile(userId, billingProfileId);
  const body = await parseBillingRequest(updateBillingProfileSchema, rawBody, current.ComuneId);
  if (body.UserId !== undefined && body.UserId !== userId)
    throw new AppError('forbidden', billingTexts.notYourself);
  const next: BillingProfileRecord = {
    ...current,
    ...(body.RagioneSociale !== undefined ? { RagioneSociale: body.RagioneSociale } : {}),
    ...(body.CodiceFiscale !== undefined ? { CodiceFiscale: body.CodiceFiscale } : {}),
    ...(body.PartitaIva !== undefined ? { PartitaIva: body.PartitaIva } : {}),
    ...(body.Address !== undefined ? { Address: body.Address } : {}),
    ...(body.PostalCode !== undefined ? { PostalCode: body.PostalCode } : {}),
    ...(body.ComuneId !== undefined ? { ComuneId: body.ComuneId } : {}),
    ...(body.IsActive !== undefined ? { IsActive: body.IsActive } : {}),
    updatedAt: now().toISOString(),
  };
  return profileView(await updateBillingProfile(current, next));
};

// ---------------------------------------------------------------------------------------------------
// User/BillingProfilesSelf: the caller's own profiles.

export const createOwnBillingProfile = defineOperation(
  ['Patient', 'Nutritionist'],
  {},
  async ({ actor, body }) => {
    const userId = actor.userId;
    const request = await parseBillingRequest(createBillingProfileSchema, body);
    if (request.UserId !== undefined && request.UserId !== userId)
      throw new AppError('forbidden', billingTexts.notYourself);
    return createFor(userId, request);
  },
);

export const listOwnBillingProfiles = defineOperation(
  ['Patient', 'Nutritionist'],
  { query: billingProfileFilterSchema },
  async ({ actor, query }) => listOf(await listBillingProfiles(actor.userId, query.IsActive)),
);

export const countOwnBillingProfiles = defineOperation(
  ['Patient', 'Nutritionist'],
  { query: billingProfileFilterSchema },
  async ({ actor, query }) => ({ Count: await countBillingProfiles(actor.userId, query.IsActive) }),
);

export const getOwnBillingProfile = defineOperation(
  ['Patient', 'Nutritionist'],
  { path: idPath },
  async ({ actor, path }) => profileView(await requireProfile(actor.userId, path.id)),
);

export const updateOwnBillingProfile = defineOperation(
  ['Patient', 'Nutritionist'],
  { path: idPath },
  ({ actor, path, body }) => updateFor(actor.userId, path.id, body),
);

// ---------------------------------------------------------------------------------------------------
// User/BillingProfiles: the back office's view of anyone's profiles (BusinessAdmin, UserId given).

const requireUser = async (userId: string) => {
  if (!(await getUser(userId))) throw notFound(billingTexts.userNotFound);
};

export const createUserBillingProfile = defineOperation(['BusinessAdmin'], {}, async ({ body }) => {
  const request = await parseBillingRequest(createBillingProfileForUserSchema, body);
  if (!(await getUser(request.UserId)))
    throw new AppError('validation_failed', errorTexts.validation_failed, {
      errors: { UserId: [billingTexts.userNotFound] },
    });
  return createFor(request.UserId, request);
});

export const listUserBillingProfiles = defineOperation(
  ['BusinessAdmin'],
  { query: billingProfileAdminQuerySchema },
  async ({ query }) => {
    await requireUser(query.UserId);
    return listOf(await listBillingProfiles(query.UserId, query.IsActive));
  },
);

export const countUserBillingProfiles = defineOperation(
  ['BusinessAdmin'],
  { query: billingProfileAdminQuerySchema },
  async ({ query }) => ({ Count: await countBillingProfiles(query.UserId, query.IsActive) }),
);

const adminUserQuery = billingProfileAdminQuerySchema.pick({ UserId: true });

export const getUserBillingProfile = defineOperation(
  ['BusinessAdmin'],
  { path: idPath, query: adminUserQuery },
  async ({ path, query }) => profileView(await requireProfile(query.UserId, path.id)),
);

export const updateUserBillingProfile = defineOperation(
  ['BusinessAdmin'],
  { path: idPath, query: adminUserQuery },
  ({ path, query, body }) => updateFor(query.UserId, path.id, body),
);

// ---------------------------------------------------------------------------------------------------
// CurrentNutritionist/Patients/{id}/BillingProfiles: a nutritionist's own patients only.

export const listPatientBillingProfiles = defineOperation(
  ['Nutritionist'],
  { path: z.object({ id: z.string().min(1).max(100) }) },
  async ({ actor, path }) => {
    const patient = await getPatientProfile(path.id);
    // Someone else's patient is as unknown as a missing one.
    if (!patient || patient.DefaultNutritionistUserId !== actor.userId) throw notFound();
    return listOf(await listBillingProfiles(path.id));
  },
);
