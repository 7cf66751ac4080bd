/**
 * The `nutritionists` area on the running local stack: the public list, profiles, skills and reviews
 * (only public fields ever leave), and the BusinessAdmin profile editing with its rules. Profiles made
 * public here are hidden again afterwards: the browser tests share this stack.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminNutritionistProfileSchema,
  adminNutritionistSummarySchema,
  publicNutritionistSchema,
  publicProfileSchema,
  reviewSchema,
  type AdminNutritionistProfile,
  type AdminNutritionistSummary,
  type PublicNutritionist,
  type PublicProfile,
  type Review,
  type UpdateNutritionistProfileRequest,
  type UserSkill,
} from '@nutri/shared';
import { createUser, getUser, updateUser } from '../../functions/src/accounts/users-repo';
import { createTag, findTagByName, getTag } from '../../functions/src/content/tags-repo';
import {
  getNutritionistProfile,
  listPublicProfileUrls,
  saveNutritionistProfile,
} from '../../functions/src/nutritionists/public-profiles-repo';
import { createReview } from '../../functions/src/nutritionists/reviews-repo';
import { DEMO_NUTRITIONIST_ID, SKILL_NAMES, seedNutritionists } from '../../infra/local/seed-nutritionists';
import { DEMO_ACCOUNTS } from '../../infra/local/seed';
import { api, createTestUser, login, type ApiResult } from './support/api';

interface List<T> {
  Data: T[];
  Count: number;
  NextCursor: string | null;
}

/** The demo nutritionist's name as seed.ts writes it on the user record, the name's only source. */
const DEMO_DISPLAY_NAME = DEMO_ACCOUNTS.find((account) => account.id === DEMO_NUTRITIONIST_ID)!.displayName;
const PUBLIC_KEYS = Object.keys(publicNutritionistSchema.shape).sort();
const SEEDED_URLS = [
  'chiara-bianchi',
  'giorgia-esposito',
  'marco-ferrari',
  'francesca-romano',
  'luca-colombo',
  'sara-ricci',
  'alessandro-greco',
  'elena-marino',
];

let adminToken: string;
let patientToken: string;
let nutritionistToken: string;
let skillIds: number[];

beforeAll(async () => {
  const [admin, patient, nutritionist] = await Promise.all([
    login('admin@nutri.local', 'Admin1234!'),
    login('paziente@nutri.local', 'Paziente123!'),
    login('nutrizionista@nutri.local', 'Nutrizionista123!'),
  ]);
  adminToken = admin.accessToken;
  patientToken = patient.accessToken;
  nutritionistToken = nutritionist.accessToken;
  skillIds = await Promise.all(
    SKILL_NAMES.slice(0, 4).map(async (name) => (await findTagByName('Skill', name))!.TagId),
  );
});

const png = (width = 900, height = 700, background = '#4a9') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

const uploadPhoto = async (userId: string, image: Buffer, type = 'image/png') => {
  const form = new FormData();
  form.append('File', new Blob([new Uint8Array(image)], { type }), 'foto.png');
  return api<AdminNutritionistProfile>('POST', `Admin/NutritionistProfile/${userId}/image`, {
    token: adminToken,
    raw: form,
  });
};

const patchProfile = (userId: string, body: Record<string, unknown>) =>
  api<AdminNutritionistProfile>('PATCH', `Admin/NutritionistProfile/${userId}`, {
    token: adminToken,
    body,
  });

const completeProfile = (url: string): UpdateNutritionistProfileRequest => ({
  ProfessionalTitle: 'Biologa nutrizionista',
  PersonalTitle: 'dottoressa',
  Bio: 'Primo paragrafo della presentazione.\nSecondo paragrafo.',
  Training:
    'Laurea magistrale in Scienze della Nutrizione Umana – Università di Bologna\nIscrizione all’Ordine dei Biologi n. AA_000001',
  ProfilePageUrl: url,
  Gender: 2,
  SkillTagIds: skillIds.slice(0, 2),
});

/** A user with the Nutritionist role and a complete, public profile made through the admin API. */
const createPublicNutritionist = async () => {
  const user = await createTestUser(['Nutritionist']);
  const url = `test-${user.id.slice(0, 8)}`;
  expect((await patchProfile(user.id, completeProfile(url))).status).toBe(200);
  expect((await uploadPhoto(user.id, await png())).status).toBe(200);
  const published = await patchProfile(user.id, { IsPublic: true });
  expect(published.status).toBe(200);
  return { ...user, url };
};

/** Every public nutritionist's id, walking the pages of one seed. */
const allPublicIds = async (seed = 7) => {
  const ids: string[] = [];
  for (let skip = 0; ; skip += 50) {
    const page = await api<List<{ UserId: string }>>(
      'GET',
      `Nutritionists/Public?fields=UserId&seed=${seed}&skip=${skip}`,
    );
    expect(page.status).toBe(200);
    ids.push(...page.body.Data.map((item) => item.UserId));
    if (skip + 50 >= page.body.Count) return ids;
  }
};

describe('GET Nutritionists/Public', () => {
  it('lists at least the eight seeded nutritionists with only the public fields', async () => {
    const result = await api<List<PublicNutritionist>>('GET', 'Nutritionists/Public');
    expect(result.status).toBe(200);
    expect(result.body.NextCursor).toBeNull();
    expect(result.body.Data.length).toBeGreaterThanOrEqual(8);
    for (const item of result.body.Data) {
      expect(Object.keys(item).sort()).toEqual(PUBLIC_KEYS);
      expect(Object.keys(item.ApplicationUser)).toEqual(['DisplayName']);
      publicNutritionistSchema.strict().parse(item);
    }
    const all = await allPublicIds();
    expect(all.length).toBe(result.body.Count);
    expect(await listPublicProfileUrls()).toEqual(expect.arrayContaining(SEEDED_URLS));
    expect(all).toContain(DEMO_NUTRITIONIST_ID);
  });

  it('refuses a limit above 50 and unknown parameters, in Italian', async () => {
    const tooMany = await api('GET', 'Nutritionists/Public?limit=51');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({
      Errors: { limit: ['Il parametro limit deve essere compreso tra 1 e 50.'] },
    });
    const unknown = await api('GET', 'Nutritionists/Public?orderBy=Gender');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ Errors: { orderBy: ['Campo non previsto: orderBy'] } });
  });

  it('returns only the fields asked, and refuses a field that is not public', async () => {
    const result = await api<List<Record<string, unknown>>>(
      'GET',
      'Nutritionists/Public?fields=UserId,%20ProfilePageUrl,ImageFilePath',
    );
    expect(result.status).toBe(200);
    for (const item of result.body.Data) {
      expect(Object.keys(item).sort()).toEqual(['ImageFilePath', 'ProfilePageUrl', 'UserId']);
    }
    const secret = await api('GET', 'Nutritionists/Public?fields=UserId,ActivePatients,Email');
    expect(secret.status).toBe(400);
    expect(secret.body).toMatchObject({
      code: 'validation_failed',
      Errors: { fields: ['Campo non disponibile: ActivePatients', 'Campo non disponibile: Email'] },
    });
  });

  describe('with more than one page', () => {
    const extra: string[] = [];

    beforeAll(async () => {
      // 50 more public profiles written straight through the repositories: the API path is tested
      // elsewhere, and hashing 50 passwords would only slow the run down.
      const now = new Date();
      await Promise.all(
        Array.from({ length: 50 }, async (_, index) => {
          const id = randomUUID();
          await createUser({
            Id: id,
            UserName: `pagina-${id.slice(0, 8)}`,
            Email: `pagina-${id.slice(0, 8)}@nutri.test`,
            Name: `Pagina ${index}`,
            DisplayName: `Pagina ${index} ${id.slice(0, 4)}`,
            MobilePhoneNo: null,
            roles: ['Nutritionist'],
            passwordHash: null,
            emailVerified: true,
            createdAt: now.toISOString(),
            updatedAt: now.toISOString(),
          });
          await saveNutritionistProfile(
            id,
            null,
            { ProfessionalTitle: 'Dietista', ProfilePageUrl: `pagina-${id.slice(0, 8)}`, IsPublic: true },
            now,
          );
          extra.push(id);
        }),
      );
    });

    afterAll(async () => {
      await Promise.all(
        extra.map(async (id) =>
          saveNutritionistProfile(id, await getNutritionistProfile(id), { IsPublic: false }, new Date()),
        ),
      );
    });

    it('serves 50 per page, in an order that is stable for a seed and shuffled across seeds', async () => {
      const first = await api<List<{ UserId: string }>>('GET', 'Nutritionists/Public?fields=UserId&seed=11');
      expect(first.body.Data).toHaveLength(50);
      expect(first.body.Count).toBeGreaterThanOrEqual(58);
      const again = await api<List<{ UserId: string }>>('GET', 'Nutritionists/Public?fields=UserId&seed=11');
      expect(again.body.Data).toEqual(first.body.Data);

      const pages = await allPublicIds(11);
      expect(pages.slice(0, 50)).toEqual(first.body.Data.map((item) => item.UserId));
      expect(new Set(pages).size).toBe(pages.length);
      expect(pages).toHaveLength(first.body.Count);
      expect(pages).toEqual(expect.arrayContaining(extra));

      const other = await allPublicIds(12);
      expect([...other].sort()).toEqual([...pages].sort());
      expect(other).not.toEqual(pages);

      const window = await api<List<{ UserId: string }>>(
        'GET',
        'Nutritionists/Public?fields=UserId&seed=11&skip=5&limit=3',
      );
      expect(window.body.Data.map((item) => item.UserId)).toEqual(pages.slice(5, 8));
    });
  });
});

describe('a nutritionist profile', () => {
  it('is served by id and by friendly URL, with skills and the display name of the user', async () => {
    const byId = await api<PublicNutritionist>('GET', `Nutritionists/Public/${DEMO_NUTRITIONIST_ID}`);
    expect(byId.status).toBe(200);
    expect(Object.keys(byId.body).sort()).toEqual(PUBLIC_KEYS);
    expect(byId.body).toMatchObject({
      UserId: DEMO_NUTRITIONIST_ID,
      ApplicationUser: { DisplayName: DEMO_DISPLAY_NAME },
      PersonalTitle: 'dottoressa',
      ProfilePageUrl: 'chiara-bianchi',
      Gender: 2,
    });
    expect(byId.body.Training.split('\n').length).toBeGreaterThanOrEqual(3);
    expect(byId.body.Bio.split('\n').length).toBeGreaterThanOrEqual(2);
    expect(byId.body.Skills.length).toBeGreaterThanOrEqual(3);
    expect(byId.body.ImageFileUrl).toBe(byId.body.ImageFilePath?.[400]);

    const byUrl = await api<PublicNutritionist>('GET', 'Nutritionists/Public/FriendlyUrl/chiara-bianchi');
    expect(byUrl.status).toBe(200);
    expect(byUrl.body).toEqual(byId.body);

    const skills = await api<List<UserSkill>>('GET', `SGP/UserTags/User/${DEMO_NUTRITIONIST_ID}`);
    expect(skills.status).toBe(200);
    expect(skills.body.Data.map((skill) => skill.Skill.Name)).toEqual(byId.body.Skills);
    for (const skill of skills.body.Data) {
      expect(Object.keys(skill).sort()).toEqual(['Skill', 'UserSkillId']);
      expect(skill.UserSkillId).toBeGreaterThan(0);
    }
  });

  it('answers 404 in Italian for unknown ids and URLs and for users who are not nutritionists', async () => {
    const patientId = '5d0c1a38-2f5e-4f0b-9a55-000000000001';
    for (const path of [
      `Nutritionists/Public/${randomUUID()}`,
      `Nutritionists/Public/${patientId}`,
      'Nutritionists/Public/FriendlyUrl/nessuno-con-questo-nome',
    ]) {
      const result = await api(`GET`, path);
      expect(result.status, path).toBe(404);
      expect(result.body).toEqual({ code: 'not_found', message: 'Nutrizionista non trovato.' });
    }
    for (const path of [
      `SGP/UserTags/User/${patientId}`,
      `UserManagementExtensions/Users/PublicProfile/${patientId}`,
      `UserManagementExtensions/Users/PublicProfile/${randomUUID()}`,
    ]) {
      const result = await api('GET', path);
      expect(result.status, path).toBe(404);
      expect(result.body).toEqual({ code: 'not_found', message: 'Profilo non trovato.' });
    }
  });

  it('shows the public profile of a nutritionist: name and photo, never contacts or roles', async () => {
    const result = await api<PublicProfile>(
      'GET',
      `UserManagementExtensions/Users/PublicProfile/${DEMO_NUTRITIONIST_ID}`,
    );
    expect(result.status).toBe(200);
    expect(Object.keys(result.body).sort()).toEqual(Object.keys(publicProfileSchema.shape).sort());
    expect(result.body).toMatchObject({ Id: DEMO_NUTRITIONIST_ID, DisplayName: DEMO_DISPLAY_NAME });
    expect(Object.keys(result.body.ImageFilePath ?? {}).sort()).toEqual(['1200', '400', '800']);
    expect(JSON.stringify(result.body)).not.toMatch(/@|Email|Phone|Role/i);
  });

  it('follows the user record: a renamed nutritionist shows the new name', async () => {
    const nutritionist = await createPublicNutritionist();
    const user = (await getUser(nutritionist.id))!;
    await updateUser(user, { DisplayName: 'Dott.sa Nuovo Nome' }, new Date());
    const result = await api<PublicNutritionist>(
      'GET',
      `Nutritionists/Public/FriendlyUrl/${nutritionist.url}`,
    );
    expect(result.body.ApplicationUser.DisplayName).toBe('Dott.sa Nuovo Nome');
    expect((await patchProfile(nutritionist.id, { IsPublic: false })).status).toBe(200);
  });
});

describe('GET Reviews/Featured', () => {
  it('returns the three newest approved featured reviews with half-step ratings', async () => {
    // A newer review that is featured but not approved must not show.
    await createReview({
      ReviewId: `test-${randomUUID()}`,
      Text: 'Recensione in attesa di moderazione',
      Author: 'Anna V.',
      Rating: 1,
      ReviewDate: '2099-01-01',
      Status: 'Pending',
      Featured: true,
      NutritionistUserId: null,
      BookingId: null,
      PatientUserId: null,
      createdAt: new Date().toISOString(),
      ModeratedAt: null,
      ModeratedBy: null,
    });
    const result = await api<List<Review>>('GET', 'Reviews/Featured');
    expect(result.status).toBe(200);
    expect(result.body.Data).toHaveLength(3);
    for (const review of result.body.Data) {
      expect(reviewSchema.strict().parse(review)).toEqual(review);
      expect(review.DateStr).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(review.author).toMatch(/^\p{Lu}\p{Ll}+ \p{Lu}\.$/u);
      expect(review.text.length).toBeGreaterThan(40);
    }
    expect(result.body.Data.map((review) => review.Rating)).toEqual([5, 4.5, 5]);
    expect(result.body.Data.map((review) => review.DateStr)).toEqual([
      '21/03/2025',
      '02/03/2025',
      '14/02/2025',
    ]);
  });
});

describe('administration of profiles', () => {
  const adminRoutes = (userId: string) =>
    [
      ['GET', 'Admin/Nutritionists'],
      ['GET', `Admin/NutritionistProfile/${userId}`],
      ['PATCH', `Admin/NutritionistProfile/${userId}`],
      ['POST', `Admin/NutritionistProfile/${userId}/image`],
    ] as const;

  it('is refused to anonymous callers (401), Patients and Nutritionists (403)', async () => {
    for (const [method, path] of adminRoutes(DEMO_NUTRITIONIST_ID)) {
      const body = method === 'PATCH' ? { IsPublic: false } : undefined;
      expect((await api(method, path, { body })).status, `${method} ${path}`).toBe(401);
      for (const token of [patientToken, nutritionistToken]) {
        const refused = await api(method, path, { body, token });
        expect(refused.status, `${method} ${path}`).toBe(403);
        expect(refused.body).toMatchObject({ code: 'forbidden' });
      }
    }
    expect((await getNutritionistProfile(DEMO_NUTRITIONIST_ID))?.IsPublic).toBe(true);
  });

  it('lists every nutritionist with completeness and visibility', async () => {
    const fresh = await createTestUser(['Nutritionist']);
    const summaries: AdminNutritionistSummary[] = [];
    let cursor: string | null = null;
    do {
      const page: ApiResult<List<AdminNutritionistSummary>> = await api(
        'GET',
        `Admin/Nutritionists${cursor ? `?cursor=${cursor}` : ''}`,
        {
          token: adminToken,
        },
      );
      expect(page.status).toBe(200);
      summaries.push(...page.body.Data.map((item) => adminNutritionistSummarySchema.strict().parse(item)));
      cursor = page.body.NextCursor;
    } while (cursor);
    const demo = summaries.find((item) => item.UserId === DEMO_NUTRITIONIST_ID);
    expect(demo).toMatchObject({
      IsPublic: true,
      IsComplete: true,
      MissingFields: [],
      Email: 'nutrizionista@nutri.local',
    });
    expect(summaries.find((item) => item.UserId === fresh.id)).toMatchObject({
      IsPublic: false,
      IsComplete: false,
      MissingFields: [
        'ProfessionalTitle',
        'PersonalTitle',
        'Bio',
        'Training',
        'ProfilePageUrl',
        'Gender',
        'SkillTagIds',
        'Image',
      ],
    });
    expect(summaries.filter((item) => SEEDED_URLS.includes(item.ProfilePageUrl ?? ''))).toHaveLength(8);
  });

  it('reads a profile, and answers 404 for a user who is not a nutritionist', async () => {
    const result = await api<AdminNutritionistProfile>(
      'GET',
      `Admin/NutritionistProfile/${DEMO_NUTRITIONIST_ID}`,
      {
        token: adminToken,
      },
    );
    expect(result.status).toBe(200);
    adminNutritionistProfileSchema.strict().parse(result.body);
    // The counters follow other tests' bookings and assignments of the demo nutritionist: types only.
    expect(result.body.IsPublic).toBe(true);
    expect(typeof result.body.CalendarSlotsAvailable).toBe('boolean');
    expect(typeof result.body.ActivePatients).toBe('number');
    expect(result.body.SkillTagIds).toHaveLength(result.body.Skills.length);
    const patient = await api('GET', 'Admin/NutritionistProfile/5d0c1a38-2f5e-4f0b-9a55-000000000001', {
      token: adminToken,
    });
    expect(patient.status).toBe(404);
  });

  it('refuses invalid fields with Italian messages and stores nothing', async () => {
    const user = await createTestUser(['Nutritionist']);
    const result = await patchProfile(user.id, {
      ProfessionalTitle: '   ',
      PersonalTitle: 'dott',
      Gender: 3,
      ProfilePageUrl: 'Non Valido!',
      IsPublic: 'sì',
      Bio: 'x'.repeat(5001),
      Email: 'a@b.it',
    });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({
      code: 'validation_failed',
      Errors: {
        ProfessionalTitle: ['Campo obbligatorio'],
        PersonalTitle: ['Valore non valido'],
        Gender: ['Valore non valido'],
        ProfilePageUrl: ['Usa solo lettere minuscole, numeri e trattini.'],
        IsPublic: ['Valore non valido'],
        Bio: ['Massimo 5000 caratteri'],
        Email: ['Campo non previsto: Email'],
      },
    });
    expect(await getNutritionistProfile(user.id)).toBeNull();
  });

  it('refuses skills that are not Skill tags with 400, and counts the links on the tags', async () => {
    const user = await createTestUser(['Nutritionist']);
    const contentTag = await createTag(`Tag di prova ${randomUUID().slice(0, 8)}`, 'Content');
    for (const ids of [[999_999], [skillIds[0]!, contentTag.TagId]]) {
      const result = await patchProfile(user.id, { SkillTagIds: ids });
      expect(result.status).toBe(400);
      expect(result.body).toMatchObject({
        message: 'Alcune specializzazioni indicate non esistono.',
        Errors: { SkillTagIds: [expect.stringContaining(String(ids.at(-1)))] },
      });
    }
    expect(await getNutritionistProfile(user.id)).toBeNull();

    const [first, second, third] = skillIds as [number, number, number];
    const usage = async (id: number) => (await getTag(id))!.UsageCount;
    const before = await Promise.all([first, second, third].map(usage));
    const saved = await patchProfile(user.id, { SkillTagIds: [second, first] });
    expect(saved.status).toBe(200);
    expect(saved.body.SkillTagIds).toEqual([second, first]);
    const kept = saved.body.Skills.find((skill) => skill.Skill.Name === SKILL_NAMES[0])!.UserSkillId;
    const moved = await patchProfile(user.id, { SkillTagIds: [first, third] });
    expect(moved.body.Skills.map((skill) => skill.Skill.Name)).toEqual([SKILL_NAMES[0], SKILL_NAMES[2]]);
    // The link kept its id; the counters follow the links added and removed.
    expect(moved.body.Skills[0]!.UserSkillId).toBe(kept);
    expect(await Promise.all([first, second, third].map(usage))).toEqual([
      before[0]! + 1,
      before[1]!,
      before[2]! + 1,
    ]);
  });

  it('refuses a friendly URL another nutritionist uses with 409', async () => {
    const user = await createTestUser(['Nutritionist']);
    const mine = `mia-${user.id.slice(0, 8)}`;
    expect((await patchProfile(user.id, { ProfilePageUrl: mine })).status).toBe(200);
    const taken = await patchProfile(user.id, { ProfilePageUrl: 'chiara-bianchi', Bio: 'Non salvata' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      code: 'conflict',
      Errors: { ProfilePageUrl: ['Questo indirizzo del profilo è già usato da un altro nutrizionista.'] },
    });
    expect(await getNutritionistProfile(user.id)).toMatchObject({ ProfilePageUrl: mine, Bio: '' });
    // The old URL is released when the profile moves to a new one.
    const other = await createTestUser(['Nutritionist']);
    expect((await patchProfile(user.id, { ProfilePageUrl: `${mine}-nuova` })).status).toBe(200);
    expect((await patchProfile(other.id, { ProfilePageUrl: mine })).status).toBe(200);
  });

  it('refuses to make an incomplete profile public (422) and lists what is missing', async () => {
    const user = await createTestUser(['Nutritionist']);
    expect((await patchProfile(user.id, completeProfile(`quasi-${user.id.slice(0, 8)}`))).status).toBe(200);
    const result = await patchProfile(user.id, { IsPublic: true });
    expect(result.status).toBe(422);
    expect(result.body).toEqual({
      code: 'unprocessable',
      message: 'Completa il profilo prima di renderlo pubblico.',
      Errors: { Image: ['Carica una foto del profilo.'] },
    });
    expect((await getNutritionistProfile(user.id))?.IsPublic).toBe(false);
  });

  it('stores an uploaded photo at 400, 800 and 1200 px served from /media, replacing the previous one', async () => {
    const user = await createTestUser(['Nutritionist']);
    const first = await uploadPhoto(user.id, await png(1600, 1000));
    expect(first.status).toBe(200);
    adminNutritionistProfileSchema.strict().parse(first.body);
    const paths = first.body.ImageFilePath!;
    expect(first.body.ImageFileUrl).toBe(paths[400]);
    for (const width of [400, 800, 1200] as const) {
      expect(paths[width]).toMatch(
        new RegExp(`/media/nutritionists/${user.id}/photo-[\\w-]+-${width}\\.webp$`),
      );
      const served = await fetch(paths[width]);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, width]);
    }
    const second = await uploadPhoto(user.id, await png(500, 500, '#a94'), 'image/png');
    expect(second.status).toBe(200);
    expect(second.body.ImageFileUrl).not.toBe(paths[400]);
    expect((await fetch(paths[400])).status).toBe(404);
  });

  it('refuses a file that does not decode as JPEG, PNG or WebP whatever its declared type', async () => {
    const user = await createTestUser(['Nutritionist']);
    const fake = await uploadPhoto(user.id, Buffer.from('<svg onload="alert(1)"/>'), 'image/png');
    expect(fake.status).toBe(400);
    expect(fake.body).toMatchObject({
      Errors: { File: ['Formato non supportato: carica un’immagine JPEG, PNG o WebP.'] },
    });
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await uploadPhoto(user.id, gif, 'image/png')).status).toBe(400);
    expect(await getNutritionistProfile(user.id)).toBeNull();
  });

  it('takes a hidden profile out of the public list, the sitemap and the profile pages', async () => {
    const nutritionist = await createPublicNutritionist();
    expect(await allPublicIds()).toContain(nutritionist.id);
    expect(await listPublicProfileUrls()).toContain(nutritionist.url);
    expect((await api('GET', `Nutritionists/Public/${nutritionist.id}`)).status).toBe(200);
    expect((await api('GET', `Nutritionists/Public/FriendlyUrl/${nutritionist.url}`)).status).toBe(200);

    const hidden = await patchProfile(nutritionist.id, { IsPublic: false });
    expect(hidden.status).toBe(200);
    expect(hidden.body.IsPublic).toBe(false);
    expect(await allPublicIds()).not.toContain(nutritionist.id);
    expect(await listPublicProfileUrls()).not.toContain(nutritionist.url);
    expect((await api('GET', `Nutritionists/Public/${nutritionist.id}`)).status).toBe(404);
    expect((await api('GET', `Nutritionists/Public/FriendlyUrl/${nutritionist.url}`)).status).toBe(404);
    // Their own patients still see who they are (chat card).
    expect((await api('GET', `UserManagementExtensions/Users/PublicProfile/${nutritionist.id}`)).status).toBe(
      200,
    );
  });
});

describe('seed', () => {
  it('is idempotent and fast once the data exists', async () => {
    const startedAt = Date.now();
    expect(await seedNutritionists()).toEqual({ skills: 0, users: 0, profiles: 0, photos: 0, reviews: 0 });
    expect(Date.now() - startedAt).toBeLessThan(5000);
    for (const name of SKILL_NAMES) expect(await findTagByName('Skill', name)).not.toBeNull();
  });
});
