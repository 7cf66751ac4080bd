import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from '../../src/accounts/password';

describe('password hashing (argon2id)', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('Paziente123!');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await expect(verifyPassword('Paziente123!', hash)).resolves.toBe(true);
    await expect(verifyPassword('paziente123!', hash)).resolves.toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same-password')).not.toBe(await hashPassword('same-password'));
  });

  it('never matches a malformed hash', async () => {
    await expect(verifyPassword('x', 'plain-text')).resolves.toBe(false);
    await expect(verifyPassword('x', '')).resolves.toBe(false);
  });

  it('asks for a rehash of weaker parameters only', async () => {
    expect(needsRehash(await hashPassword('a-password'))).toBe(false);
    expect(needsRehash('$argon2id$v=19$m=4096,t=1,p=1$c2FsdA$aGFzaA')).toBe(true);
  });

  it('hashes one at a time with at most 24 in line, and refuses the rest at once with 429', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, (_, index) => hashPassword(`password-${index}`)),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(25);
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(refused).toHaveLength(5);
    for (const outcome of refused)
      expect(outcome.reason).toMatchObject({
        code: 'too_many_requests',
        status: 429,
        message: 'Il servizio è molto richiesto in questo momento: riprova tra qualche secondo.',
      });
    // The line is free again afterwards.
    await expect(
      verifyPassword('password-0', String((outcomes[0] as PromiseFulfilledResult<string>).value)),
    ).resolves.toBe(true);
  });
});
