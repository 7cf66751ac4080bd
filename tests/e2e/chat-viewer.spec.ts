/**
 * The SystemAdmin chat viewer (docs/product.md#screens: /SystemSettings/ChatViewer): the demo admin finds a
 * patient by e-mail, opens their conversation with their nutritionist and reads it read-only (text and a
 * booking card); the read is audited; a patient is turned away by the role guard.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { waitForEffects } from '../integration/support/outbox';
import { bookFollowUp, PASSWORD } from '../integration/support/visits';
import { seriousViolations } from '../support/axe';
import { signIn } from '../support/booking-ui';
import { nutritionistWithPatient } from '../support/nutritionist-pair';

const SCREENSHOTS = process.env.NUTRI_SCREENSHOTS_DIR;

test('a SystemAdmin reads a conversation read-only and the read is audited', async ({ page }, testInfo) => {
  // People, availability, a booking and messages first, then two axe runs: more than the default 30 s.
  test.setTimeout(90_000);
  const { nutritionist, patient } = await nutritionistWithPatient(
    `Ortensia Lettura${randomUUID().slice(0, 4)}`,
  );
  // A booking (its BookingCreated card in the chat) and two text messages.
  await bookFollowUp(nutritionist, patient.id, 8, { from: '09:00', at: '10:00', to: '11:00' });
  // The card comes from the outbox stream after the booking answered: it is the first message once delivered.
  await waitForEffects(patient.id, nutritionist.id);
  const { appendMessage, ensureConversation, listMembers } =
    await import('../../functions/src/chat/chat-repo');
  const conversation = await ensureConversation(patient.id, nutritionist.id, new Date());
  for (const [authorId, body] of [
    [patient.id, 'Buongiorno, posso spostare la visita?'],
    [nutritionist.id, 'Certo, scriva pure un orario che le va bene.'],
  ] as const)
    await appendMessage({
      conversationSid: conversation.ConversationSid,
      messageId: randomUUID(),
      authorId,
      body,
      attributes: {},
      at: new Date(),
    });
  const membersBefore = await listMembers(conversation.ConversationSid);
  const since = new Date().toISOString();

  await signIn(page, 'admin@nutri.local', 'Admin1234!');
  await page.goto('/SystemSettings');
  await page.getByRole('link', { name: /Visualizzatore chat/ }).click();
  await expect(page).toHaveURL(/\/SystemSettings\/ChatViewer$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Visualizzatore chat' })).toBeVisible();
  await expect(page.getByText('Ogni lettura viene registrata')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Too short first, then the patient's e-mail.
  const search = page.getByLabel('E-mail o nome');
  await search.fill('O');
  await page.getByRole('button', { name: 'Cerca' }).click();
  await expect(page.getByText('Scrivi almeno 2 caratteri.')).toBeVisible();
  await search.fill(patient.email);
  await page.getByRole('button', { name: 'Cerca' }).click();
  await page.getByRole('button', { name: new RegExp(patient.name) }).click();
  await expect(page.getByRole('heading', { name: `Conversazioni di ${patient.name}` })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^${patient.name} e `) }).click();

  const messages = page.getByRole('list', { name: 'Messaggi' });
  await expect(messages.getByRole('listitem')).toHaveCount(3);
  await expect(messages.getByText('Buongiorno, posso spostare la visita?')).toBeVisible();
  await expect(messages.getByText('Certo, scriva pure un orario che le va bene.')).toBeVisible();
  await expect(messages.getByText('Nuova prenotazione')).toBeVisible();
  await expect(messages.getByText(`${patient.name} (paziente)`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  if (SCREENSHOTS)
    await page.screenshot({
      path: `${SCREENSHOTS}/chat-viewer-${testInfo.project.name}.png`,
      fullPage: true,
    });

  // Audited (who and which conversation), and nothing changed in the conversation.
  const { listSubjectAudit } = await import('../../functions/src/platform/audit');
  const { findUserByLogin } = await import('../../functions/src/accounts/users-repo');
  const admin = await findUserByLogin('admin@nutri.local');
  await expect
    .poll(async () =>
      (await listSubjectAudit('conversation', conversation.ConversationSid))
        .filter((entry) => entry.At >= since)
        .map((entry) => [entry.Action, entry.ActorUserId]),
    )
    .toContainEqual(['chat.messages.read', admin!.Id]);
  expect(await listMembers(conversation.ConversationSid)).toEqual(membersBefore);
});

test('a patient cannot open the chat viewer', async ({ page }) => {
  const { patient } = await nutritionistWithPatient('Bruno Vietato');
  await signIn(page, patient.email, PASSWORD);
  await page.goto('/SystemSettings/ChatViewer');
  await expect(page).toHaveURL(/\/Login\?.*reason=NotInRole/);
  await expect(page.getByRole('heading', { name: 'Visualizzatore chat' })).toHaveCount(0);
});
