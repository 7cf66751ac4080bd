import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { bookingTexts } from '@nutri/shared';
import { AppError, isConflict, toErrorResponse, tooManyRequests } from '../../src/http/errors';
import { DOMAIN_ERROR_CODES, DomainError } from '../../src/platform/domain-error';

describe('toErrorResponse', () => {
  it('answers a domain error of a repository with its status and Italian text, by field where a form shows it', () => {
    expect(toErrorResponse(new DomainError('slot-taken'))).toMatchObject({
      status: 409,
      body: { code: 'conflict', message: bookingTexts.slotTaken },
      unexpected: false,
    });
    expect(toErrorResponse(new DomainError('tag-name-taken'))).toMatchObject({
      status: 409,
      body: {
        message: 'Esiste già un tag con questo nome.',
        Errors: { TagName: ['Esiste già un tag con questo nome.'] },
      },
    });
    expect(toErrorResponse(new DomainError('not-found')).status).toBe(404);
    // Every code has an answer of its own: none falls through to a 500.
    for (const code of DOMAIN_ERROR_CODES)
      expect(toErrorResponse(new DomainError(code)).status).toBeLessThan(500);
  });

  it('counts an AppError conflict and a domain error answering 409 as a conflict to retry', () => {
    expect(isConflict(new AppError('conflict'))).toBe(true);
    expect(isConflict(new DomainError('conflict'))).toBe(true);
    expect(isConflict(new DomainError('slot-taken'))).toBe(true);
    expect(isConflict(new DomainError('not-found'))).toBe(false);
    expect(isConflict(new Error('conflict'))).toBe(false);
  });

  it('maps a visible error to its status, code and Italian message', () => {
    const response = toErrorResponse(new AppError('forbidden'));
    expect(response).toMatchObject({
      status: 403,
      body: { code: 'forbidden', message: 'Non hai i permessi per questa operazione.' },
    });
    expect(response.unexpected).toBe(false);
  });

  it('keeps headers such as Retry-After on 429', () => {
    const response = toErrorResponse(tooManyRequests(120));
    expect(response.status).toBe(429);
    expect(response.headers['Retry-After']).toBe('120');
  });

  it('maps a zod error to 400 with Errors per field, unknown fields included', () => {
    const schema = z.strictObject({
      Email: z.email('Indirizzo e-mail non valido'),
      Name: z.string().min(1, 'Campo obbligatorio'),
    });
    const result = schema.safeParse({ Email: 'nope', Name: '', Extra: 1 });
    expect(result.success).toBe(false);
    const response = toErrorResponse(result.error);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_failed');
    expect(response.body.Errors).toEqual({
      Email: ['Indirizzo e-mail non valido'],
      Name: ['Campo obbligatorio'],
      Extra: ['Campo non previsto: Extra'],
    });
  });

  it('reports fields named like Object.prototype members as fields (no 500)', () => {
    const body = JSON.parse('{"__proto__":{"x":1},"constructor":1,"toString":"x","Name":""}') as unknown;
    const result = z.strictObject({ Name: z.string().min(1, 'Campo obbligatorio') }).safeParse(body);
    const response = toErrorResponse(result.error);
    expect(response.status).toBe(400);
    expect(JSON.parse(JSON.stringify(response.body.Errors))).toEqual({
      ['__proto__']: ['Campo non previsto: __proto__'],
      constructor: ['Campo non previsto: constructor'],
      toString: ['Campo non previsto: toString'],
      Name: ['Campo obbligatorio'],
    });
    expect(({} as { x?: unknown }).x).toBeUndefined();
  });

  it('hides the details of anything unexpected behind 500 internal', () => {
    const response = toErrorResponse(new Error('connection string with password=secret'));
    expect(response.status).toBe(500);
    expect(response.body).toEqual({
      code: 'internal',
      message: 'Si è verificato un errore inatteso. Riprova più tardi.',
    });
    expect(JSON.stringify(response.body)).not.toContain('secret');
    expect(response.unexpected).toBe(true);
  });
});
