/**
 * The nutritionist's patient search (`CurrentNutritionist/Patients/Search`, the pickers and the patients
 * page) and the chat list's search: any word of the name, by its start, case and accents aside, only
 * the nutritionist's own patients, each with the e-mail that tells same-named patients apart; patients
 * stored before name words existed are found once the migration ran.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ConversationView, CursorPage, OwnPatientRef } from '@nutri/shared';
import { api } from './support/api';
import { createNutritionist, createPatientOf } from './support/visits';

const search = async (token: string, userInput: string) => {
  const result = await api<CursorPage<OwnPatientRef>>(
    'GET',
    `CurrentNutritionist/Patients/Search?userInput=${encodeURIComponent(userInput)}&limit=10`,
    { token },
  );
  expect(result.status).toBe(200);
  return result.body.Data;
};
const idsOf = (patients: readonly { UserId: string }[]) => patients.map((patient) => patient.UserId).sort();

describe('patient search by name', () => {
  it('finds a patient by surname, any case or accent, and by the start of any word', async () => {
    const nutritionist = await createNutritionist();
    const other = await createNutritionist();
    const giulia = await createPatientOf(nutritionist.id, 'Giulia Rossi');
    const mario = await createPatientOf(nutritionist.id, 'Mario Bianchi');
    // Another nutritionist's Giulia Rossi is never found.
    await createPatientOf(other.id, 'Giulia Rossi');

    for (const typed of ['Rossi', 'rossi', 'Ròssi', 'ROSS', 'giu', 'Giulia', 'rossi giulia', 'giu ros'])
      expect(idsOf(await search(nutritionist.token, typed)), typed).toEqual([giulia.id]);
    expect(idsOf(await search(nutritionist.token, 'bian'))).toEqual([mario.id]);
    expect(await search(nutritionist.token, 'ossi')).toEqual([]);
    expect(await search(nutritionist.token, 'giulia bianchi')).toEqual([]);
    expect(idsOf(await search(nutritionist.token, ''))).toEqual([giulia.id, mario.id].sort());

    // The chat list searches the same way.
    const chat = await api<ConversationView[]>('GET', 'Chat/NutritionistConversations?search=R%C3%B2ssi', {
      token: nutritionist.token,
    });
    expect(chat.body.map((view) => view.UserId)).toEqual([giulia.id]);
  });

  it('tells same-named patients apart by e-mail, in the search and in the chat list', async () => {
    const nutritionist = await createNutritionist();
    const name = `Giulia Marchetti ${randomUUID().slice(0, 4)}`;
    const first = await createPatientOf(nutritionist.id, name);
    const second = await createPatientOf(nutritionist.id, name);

    const found = await search(nutritionist.token, 'marchetti');
    expect(found.map((patient) => patient.DisplayName)).toEqual([name, name]);
    expect(found.map((patient) => patient.Email).sort()).toEqual([first.email, second.email].sort());

    const chat = await api<ConversationView[]>('GET', 'Chat/NutritionistConversations', {
      token: nutritionist.token,
    });
    expect(chat.body.map((view) => view.ContactEmail).sort()).toEqual([first.email, second.email].sort());
    // The patient's own list does not show their nutritionist's address.
    const mine = await api<ConversationView[]>('GET', 'Chat/PatientConversations', { token: first.token });
    expect(mine.body.map((view) => view.ContactEmail)).toEqual([null]);
  });

  it('follows a patient to a new nutritionist', async () => {
    const before = await createNutritionist();
    const after = await createNutritionist();
    const patient = await createPatientOf(before.id, 'Lucia Ferretti');
    const { changePatientNutritionist, getPatientProfile } =
      await import('../../functions/src/onboarding/patients-repo');
    await changePatientNutritionist((await getPatientProfile(patient.id))!, after.id, new Date());
    expect(await search(before.token, 'ferretti')).toEqual([]);
    expect(idsOf(await search(after.token, 'ferretti'))).toEqual([patient.id]);
  });

  it('finds patients stored before name words existed once the migration ran', async () => {
    const nutritionist = await createNutritionist();
    const patient = await createPatientOf(nutritionist.id, 'Elena Santoro');
    // The profile as an earlier version wrote it: no NameWords, no name word items.
    const { db, tableName } = await import('../../functions/src/platform/db/client');
    const { getPatientProfile } = await import('../../functions/src/onboarding/patients-repo');
    const profile = (await getPatientProfile(patient.id))!;
    const { Items } = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :words)',
        ExpressionAttributeValues: { ':pk': `USER#${patient.id}`, ':words': 'NAMEWORD#' },
      }),
    );
    expect(Items?.length).toBe(2);
    for (const item of Items ?? [])
      await db().send(
        new DeleteCommand({ TableName: tableName(), Key: { pk: String(item.pk), sk: String(item.sk) } }),
      );
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          pk: `USER#${patient.id}`,
          sk: 'PATIENT',
          type: 'Patient',
          ...profile,
          gsi2pk: `NUTRITIONIST#${nutritionist.id}`,
          gsi2sk: `PATIENT#${profile.DisplayName.toLowerCase()}#${patient.id}`,
        },
      }),
    );
    expect(await search(nutritionist.token, 'santoro')).toEqual([]);

    const { indexAllPatientNames } = await import('../../functions/src/onboarding/name-index-job');
    expect((await indexAllPatientNames()).indexed).toBeGreaterThanOrEqual(1);
    expect(idsOf(await search(nutritionist.token, 'santoro'))).toEqual([patient.id]);
    // A second run has nothing left to write for this nutritionist.
    const { indexPatientNames } = await import('../../functions/src/onboarding/patients-repo');
    expect(await indexPatientNames(nutritionist.id)).toBe(0);
  });
});
