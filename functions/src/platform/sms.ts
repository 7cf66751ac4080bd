/**
 * Text messages. In the cloud through SNS (SMS_TRANSPORT=sns); locally they are delivered as e-mails
 * to `<number>@sms.nutri.local`, so they show up in the local mail viewer. The text is the current version
 * of its template (platform/text-message.ts, docs/product.md#e-mail-templates).
 */
import type { SNSClient } from '@aws-sdk/client-sns';
import { config } from './config';
import { sendMail } from './mail';
import { escapeHtml } from './mail-layout';
import { currentText, type TextMessage } from './text-message';

let client: SNSClient | undefined;

export const sendSms = async (phoneNumber: string, message: TextMessage) => {
  const { text } = await currentText(message);
  if (process.env.SMS_TRANSPORT === 'sns') {
    // SNS is loaded on the first text message, not at start.
    const { PublishCommand, SNSClient } = await import('./sms-sdk');
    client ??= new SNSClient({ region: config().AWS_REGION });
    await client.send(
      new PublishCommand({
        PhoneNumber: phoneNumber,
        Message: text,
        MessageAttributes: { 'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' } },
      }),
    );
    return;
  }
  await sendMail({
    to: `${phoneNumber.replace(/\D/g, '')}@sms.nutri.local`,
    subject: `SMS a ${phoneNumber}`,
    text,
    html: `<p>${escapeHtml(text)}</p>`,
  });
};
