/**
 * What every Lambda's start path needs of accounts: the session check each request makes. Apart from
 * index.ts, whose other exports (sign-in, passwords, mails) only some operations load on first use: a
 * handler importing the index would put those in the chunks a cold start reads
 * (docs/decisions/0017-lean-lambdas.md).
 */
export { activeSessionCondition, isSessionActive } from './session-state';
