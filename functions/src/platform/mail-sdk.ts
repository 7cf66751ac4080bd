/** What mail.ts uses of SES, loaded on the first mail (a chunk of its own in the Lambda bundle). */
export { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
