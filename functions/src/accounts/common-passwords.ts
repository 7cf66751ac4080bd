/** The zxcvbn-ts word lists (about 400 KB), loaded on the first new password, never at start. */
export { dictionary } from '@zxcvbn-ts/language-common';
