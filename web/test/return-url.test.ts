import { describe, expect, it } from 'vitest';
import { sanitizeReturnUrl } from '../src/features/auth/return-url';

describe('sanitizeReturnUrl', () => {
  it('keeps same-origin relative paths with query and hash', () => {
    expect(sanitizeReturnUrl('/Patients/Agenda')).toBe('/Patients/Agenda');
    expect(sanitizeReturnUrl('/Chat?UserId=42#fine')).toBe('/Chat?UserId=42#fine');
    expect(sanitizeReturnUrl('  /Account/Profile ')).toBe('/Account/Profile');
  });

  it('falls back to / for anything that could leave the site', () => {
    for (const value of [
      null,
      undefined,
      '',
      'https://evil.example/',
      '//evil.example/path',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'Patients',
      '/\tevil',
      '/%0d%0aSet-Cookie',
    ]) {
      const result = sanitizeReturnUrl(value);
      expect(result.startsWith('/')).toBe(true);
      expect(result.startsWith('//')).toBe(false);
      if (value !== '/%0d%0aSet-Cookie') expect(result).toBe('/');
    }
  });

  it('does not send the user back to the login or 404 page', () => {
    expect(sanitizeReturnUrl('/Login?ReturnUrl=%2FChat')).toBe('/');
    expect(sanitizeReturnUrl('/login')).toBe('/');
    expect(sanitizeReturnUrl('/error/404')).toBe('/');
    expect(sanitizeReturnUrl('/LoginHelp')).toBe('/LoginHelp');
  });
});
