import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, toErrorResponse, tooManyRequests } from '../../src/http/errors';

describe('toErrorResponse', () => {
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
