/**
 * Patients the matching left without a nutritionist (onboarding step 0), on the running local stack:
 * the rematch job and the back-office assignment both move them to step 1 and send the 'nutritionist
 * found' mail exactly once, however often or concurrently they run; only BusinessAdmins may assign.
 */
import { describe, expect, it } from 'vitest';
import { GENDER_PREFERENCE, QUESTION_KEYS, SEX_OPTIONS, type TokenResponse } from '@nutri/shared';
import { api, createTestUser, login, mailsTo, stack, waitForMail } from './support/api';

const ASSIGNED_SUBJECT = /^Abbiamo trovato (il tuo|la tua) nutrizionista$/;

const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@nutri.test`;

const answers = (email: string) => ({
  [QUESTION_KEYS.goals]: ['goal_sport', 'goal_weight'],
  [QUESTION_KEYS.medicalDiet]: 'medical_diet_no',
  [QUESTION_KEYS.genderPreference]: GENDER_PREFERENCE.any,
  [QUESTION_KEYS.dietStyle]: 'diet_omnivore',
  [QUESTION_KEYS.sex]: SEX_OPTIONS.male,
  [QUESTION_KEYS.age]: 41,
  [QUESTION_KEYS.firstName]: 'Davide',
  [QUESTION_KEYS.email]: email,
  [QUESTION_KEYS.phone]: '+393331112244',
  [QUESTION_KEYS.source]: 'newsletter',
});

/**
 * A questionnaire that arrived while no nutritionist could take it, stored as the webhook stores it:
 * the real matching, run on the candidates of that moment (none), says noMatch. The seeded nutritionists
 * are there now, which is the 'a suitable nutritionist appeared later' of the job.
 */
const storeUnmatchedSubmission = async (email: string) => {
  const { buildFormResponse } = await import('../../infra/local/local-tally');
  const { criteriaFromAnswers, matchNutritionist } = await import('../../functions/src/onboarding/matching');
  const { putSubmissionOnce } = await import('../../functions/src/onboarding/submissions-repo');
  const payload = buildFormResponse(answers(email));
  const criteria = criteriaFromAnswers(payload.data.fields);
  const outcome = matchNutritionist(criteria, []);
  expect(outcome.kind).toBe('noMatch');
  const receivedAt = new Date().toISOString();
  expect(
    await putSubmissionOnce({
      submissionId: payload.data.submissionId,
      responseId: payload.data.responseId,
      eventId: payload.eventId,
      formId: payload.data.formId,
      receivedAt,
      fields: payload.data.fields,
      criteria,
      match: { kind: 'noMatch', nutritionistUserId: null, matchingSkills: [], reasons: [], alternatives: [] },
      patientUserId: null,
    }),
  ).toBe(true);
  return { submissionId: payload.data.submissionId, receivedAt, criteria };
};

/** Questionnaire without a match + registration: a signed-in patient at step 0. */
const registerUnmatchedPatient = async () => {
  const email = uniqueEmail('senza-match');
  const submission = await storeUnmatchedSubmission(email);
  const registered = await api<TokenResponse>('POST', 'Tally/RegisterPatient', {
    body: {
      TallySubmissionId: submission.submissionId,
      FirstName: 'Davide',
      LastName: 'Russo',
      Email: email,
      Password: 'Melograno-Rosso-26',
      MobilePhoneNo: '+393331112244',
    },
  });
  expect(registered.status).toBe(200);
  const me = await api<{ Id: string }>('GET', 'UserDetails', { token: registered.body.accessToken });
  return { email, userId: me.body.Id, tokens: registered.body, ...submission };
};

const profileOf = (token: string) =>
  api<{ OnboardingStep: number; DefaultNutritionistUserId: string | null }>('GET', 'CurrentPatient/Profile', {
    token,
  });

const assignedMails = async (email: string) =>
  (await mailsTo(email)).filter((mail) => ASSIGNED_SUBJECT.test(mail.subject));

const runRematchJob = async () => {
  const response = await fetch(`${stack.baseUrl}/dev/jobs/rematch-unassigned-patients/run`, {
    method: 'POST',
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { result: Record<string, number> }).result;
};

interface UnassignedRow {
  UserId: string;
  DisplayName: string;
  SubmittedAt: string | null;
  RegisteredAt: string;
  RequestedSkills: string[];
}

/** Every page of the unassigned list, as an admin sees it. */
const listUnassigned = async (token: string) => {
  const rows: UnassignedRow[] = [];
  let cursor: string | null = null;
  do {
    const page: { status: number; body: { Data: UnassignedRow[]; NextCursor: string | null } } = await api(
      'GET',
      `Admin/Patients/Unassigned?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      { token },
    );
    expect(page.status).toBe(200);
    rows.push(...page.body.Data);
    cursor = page.body.NextCursor;
  } while (cursor);
  return rows;
};

interface CandidateRow {
  UserId: string;
  DisplayName: string;
  PersonalTitle: string;
  Score: number;
  MatchingSkills: string[];
  Reasons: string[];
  Recommended: boolean;
}

const admin = () => login('admin@nutri.local', 'Admin1234!');

describe('patients without a match', () => {
  it('stay at step 0 without a nutritionist and are listed for the admins with their submission date', async () => {
    const patient = await registerUnmatchedPatient();
    expect((await profileOf(patient.tokens.accessToken)).body).toMatchObject({
      OnboardingStep: 0,
      DefaultNutritionistUserId: null,
    });
    expect(
      (await api('GET', 'CurrentPatient/Nutritionist', { token: patient.tokens.accessToken })).status,
    ).toBe(404);
    const row = (await listUnassigned((await admin()).accessToken)).find((r) => r.UserId === patient.userId);
    expect(row).toMatchObject({
      DisplayName: 'Davide Russo',
      SubmittedAt: patient.receivedAt,
      RequestedSkills: patient.criteria.skills,
    });
    expect(Date.parse(row!.RegisteredAt)).toBeGreaterThanOrEqual(Date.parse(patient.receivedAt));
    // Nobody has written to them yet.
    expect(await assignedMails(patient.email)).toHaveLength(0);
  });
});

describe('job rematch-unassigned-patients', () => {
  it('assigns the best match now available: step 1, one mail; running again sends nothing more', async () => {
    const patient = await registerUnmatchedPatient();
    const first = await runRematchJob();
    expect(first.assigned).toBeGreaterThanOrEqual(1);

    const profile = (await profileOf(patient.tokens.accessToken)).body;
    expect(profile.OnboardingStep).toBe(1);
    expect(profile.DefaultNutritionistUserId).toEqual(expect.any(String));
    const mine = await api<{
      Nutritionist: { UserId: string; PersonalTitle: string; ApplicationUser: { DisplayName: string } };
      MatchingSkills: string[];
      MatchingNutritionists: { UserId: string }[];
    }>('GET', 'CurrentPatient/Nutritionist', { token: patient.tokens.accessToken });
    expect(mine.status).toBe(200);
    expect(mine.body.Nutritionist.UserId).toBe(profile.DefaultNutritionistUserId);
    // The job ran the real matching: the choice covers what the questionnaire asked for.
    expect(mine.body.MatchingSkills.length).toBeGreaterThan(0);
    expect(patient.criteria.skills).toEqual(expect.arrayContaining(mine.body.MatchingSkills));
    expect(mine.body.MatchingNutritionists.map((n) => n.UserId)).not.toContain(
      profile.DefaultNutritionistUserId,
    );

    const mail = await waitForMail(patient.email, (m) => ASSIGNED_SUBJECT.test(m.subject));
    expect(mail.body.text).toContain(mine.body.Nutritionist.ApplicationUser.DisplayName);
    expect(mail.body.text).toContain(`${stack.baseUrl}/Patients`);
    expect(mail.body.text).toContain('Ciao Davide Russo,');
    // No longer waiting: gone from the admins' list.
    expect((await listUnassigned((await admin()).accessToken)).map((r) => r.UserId)).not.toContain(
      patient.userId,
    );

    const second = await runRematchJob();
    expect(second.assigned).toBe(0);
    expect(await assignedMails(patient.email)).toHaveLength(1);
    expect((await profileOf(patient.tokens.accessToken)).body.DefaultNutritionistUserId).toBe(
      profile.DefaultNutritionistUserId,
    );
  });

  it('counts the new patient in the nutritionist’s load once', async () => {
    const { getNutritionistProfile, listPublicProfiles } =
      await import('../../functions/src/nutritionists/public-profiles-repo');
    const loadsBefore = new Map((await listPublicProfiles()).map((p) => [p.UserId, p.ActivePatients]));
    const patient = await registerUnmatchedPatient();
    await runRematchJob();
    const { DefaultNutritionistUserId } = (await profileOf(patient.tokens.accessToken)).body;
    const loadAfterFirst = (await getNutritionistProfile(DefaultNutritionistUserId!))!.ActivePatients;
    expect(loadAfterFirst).toBeGreaterThanOrEqual(loadsBefore.get(DefaultNutritionistUserId!)! + 1);
    await runRematchJob();
    expect((await getNutritionistProfile(DefaultNutritionistUserId!))!.ActivePatients).toBe(loadAfterFirst);
  });

  it('sends a mail left due by a failed send on its next run, once', async () => {
    const patient = await registerUnmatchedPatient();
    // An assignment whose mail never went out (the sender failed after the write committed).
    const { assignPatientNutritionist } = await import('../../functions/src/onboarding/patients-repo');
    const { listMatchCandidates } = await import('../../functions/src/onboarding/candidates');
    const { adjustActivePatients } = await import('../../functions/src/nutritionists/public-profiles-repo');
    const [candidate] = await listMatchCandidates();
    expect(
      await assignPatientNutritionist(
        { UserId: patient.userId, DisplayName: 'Davide Russo' },
        candidate!.userId,
        { kind: 'rematch' },
        new Date(),
      ),
    ).toBe(true);
    await adjustActivePatients(candidate!.userId, 1);
    expect(await assignedMails(patient.email)).toHaveLength(0);
    const run = await runRematchJob();
    expect(run.mailsSent).toBeGreaterThanOrEqual(1);
    expect(await assignedMails(patient.email)).toHaveLength(1);
    await runRematchJob();
    expect(await assignedMails(patient.email)).toHaveLength(1);
  });
});

describe('Admin/Patients: assignment by hand', () => {
  it('ranks the candidates, assigns the one chosen (step 1, one mail) and refuses a second assignment', async () => {
    const token = (await admin()).accessToken;
    const patient = await registerUnmatchedPatient();
    const candidates = await api<{ Patient: { UserId: string }; Data: CandidateRow[] }>(
      'GET',
      `Admin/Patients/${patient.userId}/NutritionistCandidates`,
      { token },
    );
    expect(candidates.status).toBe(200);
    expect(candidates.body.Patient.UserId).toBe(patient.userId);
    const ranking = candidates.body.Data;
    expect(ranking.length).toBeGreaterThan(1);
    const scores = ranking.map((c) => c.Score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(ranking.filter((c) => c.Recommended)).toHaveLength(1);
    expect(ranking[0]!.Recommended).toBe(true);
    expect(ranking.every((c) => c.Reasons.length > 0 && c.DisplayName.length > 0)).toBe(true);

    // An admin may overrule the ranking: the last one is chosen here.
    const chosen = ranking[ranking.length - 1]!;
    const refused = await api('POST', `Admin/Patients/${patient.userId}/AssignNutritionist`, {
      token,
      body: { NutritionistUserId: patient.userId },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      Errors: { NutritionistUserId: [expect.stringContaining('non disponibile')] },
    });

    const assigned = await api('POST', `Admin/Patients/${patient.userId}/AssignNutritionist`, {
      token,
      body: { NutritionistUserId: chosen.UserId },
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toEqual({
      UserId: patient.userId,
      DefaultNutritionistUserId: chosen.UserId,
      OnboardingStep: 1,
      MailSent: true,
    });
    expect((await profileOf(patient.tokens.accessToken)).body).toMatchObject({
      OnboardingStep: 1,
      DefaultNutritionistUserId: chosen.UserId,
    });
    const mail = await waitForMail(patient.email, (m) => ASSIGNED_SUBJECT.test(m.subject));
    expect(mail.body.text).toContain(chosen.DisplayName);

    const again = await api('POST', `Admin/Patients/${patient.userId}/AssignNutritionist`, {
      token,
      body: { NutritionistUserId: ranking[0]!.UserId },
    });
    expect(again.status).toBe(409);
    expect(
      (await api('GET', `Admin/Patients/${patient.userId}/NutritionistCandidates`, { token })).status,
    ).toBe(409);
    await runRematchJob();
    expect(await assignedMails(patient.email)).toHaveLength(1);
    expect((await profileOf(patient.tokens.accessToken)).body.DefaultNutritionistUserId).toBe(chosen.UserId);
  });

  it('lets only one of two simultaneous assignments through, with one mail', async () => {
    const token = (await admin()).accessToken;
    const patient = await registerUnmatchedPatient();
    const ranking = (
      await api<{ Data: CandidateRow[] }>('GET', `Admin/Patients/${patient.userId}/NutritionistCandidates`, {
        token,
      })
    ).body.Data;
    const results = await Promise.all(
      [ranking[0]!, ranking[1]!].map((candidate) =>
        api('POST', `Admin/Patients/${patient.userId}/AssignNutritionist`, {
          token,
          body: { NutritionistUserId: candidate.UserId },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    await waitForMail(patient.email, (m) => ASSIGNED_SUBJECT.test(m.subject));
    // Both answers are in and the winner recorded its mail as sent: the loser (409) had nothing to send.
    const { getPatientProfile } = await import('../../functions/src/onboarding/patients-repo');
    expect((await getPatientProfile(patient.userId))?.AssignmentMail).toBe('sent');
    expect(await assignedMails(patient.email)).toHaveLength(1);
  });

  it('answers 404 for a user who is not a patient', async () => {
    const token = (await admin()).accessToken;
    const other = await createTestUser(['Nutritionist']);
    for (const userId of [other.id, 'nessuno']) {
      expect((await api('GET', `Admin/Patients/${userId}/NutritionistCandidates`, { token })).status).toBe(
        404,
      );
    }
  });

  it('is for BusinessAdmins only: 401 without a session, 403 for patients and nutritionists', async () => {
    const patient = await registerUnmatchedPatient();
    const nutritionist = await login('nutrizionista@nutri.local', 'Nutrizionista123!');
    const demoPatient = await login('paziente@nutri.local', 'Paziente123!');
    const nutritionistId = (
      await api<{ Id: string }>('GET', 'UserDetails', { token: nutritionist.accessToken })
    ).body.Id;
    const calls = [
      ['GET', 'Admin/Patients/Unassigned', undefined],
      ['GET', `Admin/Patients/${patient.userId}/NutritionistCandidates`, undefined],
      ['POST', `Admin/Patients/${patient.userId}/AssignNutritionist`, { NutritionistUserId: nutritionistId }],
    ] as const;
    for (const [method, path, body] of calls) {
      expect((await api(method, path, { body })).status, `${method} ${path} anonymous`).toBe(401);
      for (const token of [patient.tokens.accessToken, demoPatient.accessToken, nutritionist.accessToken]) {
        expect((await api(method, path, { body, token })).status, `${method} ${path}`).toBe(403);
      }
    }
    // Nothing changed: the patient could not pick a nutritionist for themselves.
    expect((await profileOf(patient.tokens.accessToken)).body).toMatchObject({
      OnboardingStep: 0,
      DefaultNutritionistUserId: null,
    });
    expect(await assignedMails(patient.email)).toHaveLength(0);
  });
});
