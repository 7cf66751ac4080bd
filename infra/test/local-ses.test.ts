/**
 * The local SES publishes delivery events like SES does for a configuration set: a real SES v2 client sends
 * through it, the mail lands in the emulator's store (the viewer), and the events reach the subscriber as
 * SNS records that the functions' own parser reads (send and delivery; SES's mailbox simulator addresses).
 */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { SNSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSnsEvent, mailEventsOf, type MailEvent } from '@nutri/functions/platform/mail-events';
import { simulatedEvents, startSes, type LocalSes } from '../local/ses';

describe('local SES delivery events', () => {
  let ses: LocalSes;
  let client: SESv2Client;
  const published: SNSEvent[] = [];

  beforeAll(async () => {
    ses = await startSes({
      publish: (event) => {
        published.push(event);
        return Promise.resolve();
      },
    });
    client = new SESv2Client({
      region: 'eu-south-1',
      endpoint: ses.endpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
  });
  afterAll(async () => {
    client.destroy();
    await ses.stop();
  });

  const send = (to: string) =>
    client.send(
      new SendEmailCommand({
        FromEmailAddress: 'Nutrì <noreply@nutri.local>',
        Destination: { ToAddresses: [to] },
        Content: {
          Simple: {
            Subject: { Data: 'Hai 1 nuovo messaggio' },
            Body: { Text: { Data: 'Apri la chat' } },
          },
        },
        EmailTags: [
          { Name: 'kind', Value: 'chat-notification' },
          { Name: 'notification', Value: 'n-42' },
        ],
      }),
    );

  const eventsOf = async (messageId: string, count: number): Promise<MailEvent[]> => {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const events = published.flatMap(mailEventsOf).filter((event) => event.sesMessageId === messageId);
      if (events.length >= count || Date.now() > deadline) return events;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('stores the mail and publishes Send then Delivery with its tags, in SNS records', async () => {
    const { MessageId } = await send('paola@nutri.test');
    expect(MessageId).toBeTruthy();
    const store = (await (await fetch(`${ses.endpoint}/store`)).json()) as {
      emails: { messageId: string }[];
    };
    expect(store.emails.map((mail) => mail.messageId)).toContain(MessageId);

    const events = await eventsOf(MessageId!, 2);
    expect(events.map((event) => event.event)).toEqual(['processed', 'delivered']);
    expect(events[0]?.tags).toMatchObject({ kind: ['chat-notification'], notification: ['n-42'] });
    expect(Date.parse(events[1]!.at)).toBeGreaterThan(Date.parse(events[0]!.at));
    expect(published.every((event) => isSnsEvent(event))).toBe(true);
  });

  it("follows SES's mailbox simulator: bounce and complaint addresses, with a label", async () => {
    const bounced = await send('bounce+prova@simulator.amazonses.com');
    expect((await eventsOf(bounced.MessageId!, 2)).map((event) => event.event)).toEqual([
      'processed',
      'bounce',
    ]);
    expect(simulatedEvents(['complaint@simulator.amazonses.com'])).toEqual(['Send', 'Delivery', 'Complaint']);
    expect(simulatedEvents(['suppressionlist@simulator.amazonses.com'])).toEqual(['Send', 'Bounce']);
    expect(simulatedEvents(['bounce@example.com'])).toEqual(['Send', 'Delivery']);
  });
});
