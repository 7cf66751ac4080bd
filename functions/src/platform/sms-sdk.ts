/** What sms.ts uses of SNS, loaded on the first text message sent through SNS. */
export { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
