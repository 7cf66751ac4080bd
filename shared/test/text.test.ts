import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  optionalMultiLineText,
  optionalText,
  requiredMultiLineText,
  requiredText,
  updateUserDetailsSchema,
  contactFormSchema,
  validationTexts,
} from '../src';

const messagesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

/** Control characters no single-line field may hold, anywhere in the text. */
const SINGLE_LINE_REFUSED = [
  '\r\n',
  '\n',
  '\r',
  '\t',
  '\u0000',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u2028',
  '\u2029',
];
/** What multi-line text still refuses: every control character but tab, line feed and carriage return. */
const MULTI_LINE_REFUSED = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u009b'];

describe('single-line text', () => {
  it.each(SINGLE_LINE_REFUSED)('refuses %j inside the text with an Italian message', (character) => {
    expect(messagesOf(requiredText(100), `Bruno${character}Bcc: evil@example.com`)).toEqual([
      validationTexts.singleLine,
    ]);
    expect(messagesOf(optionalText(100), `a${character}b`)).toEqual([validationTexts.singleLine]);
  });

  it('keeps names in any script, accents, emoji and joiners', () => {
    for (const name of ['Niccolò D’Amico', 'Zoë O’Brien-Łukasz', '李小龙', 'Ana 👩‍⚕️', 'Dott.sa Rossi']) {
      expect(requiredText(100).parse(name)).toBe(name);
    }
  });

  it('trims surrounding whitespace and line breaks before checking', () => {
    expect(requiredText(100).parse('  Bruno\r\n')).toBe('Bruno');
  });

  it('reports one message per problem: blank is required, too long is too long', () => {
    expect(messagesOf(requiredText(5), ' \n ')).toEqual([validationTexts.required]);
    expect(messagesOf(requiredText(5), 'abcdef\n')).toEqual([validationTexts.tooLong(5)]);
    expect(messagesOf(requiredText(5, { required: 'Manca' }), undefined)).toEqual(['Manca']);
  });

  it('guards the profile name that mails put in their subject', () => {
    const result = updateUserDetailsSchema.safeParse({ DisplayName: 'Bruno\r\nBcc: evil@example.com' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['DisplayName'],
      message: validationTexts.singleLine,
    });
  });
});

describe('multi-line text', () => {
  it('keeps line breaks and tabs', () => {
    const text = 'Buongiorno,\r\nvorrei informazioni.\n\n\tGrazie';
    expect(requiredMultiLineText(500).parse(text)).toBe(text);
    expect(optionalMultiLineText(500).parse('')).toBe('');
  });

  it.each(MULTI_LINE_REFUSED)('refuses %j with an Italian message', (character) => {
    expect(messagesOf(requiredMultiLineText(500), `riga 1\nriga${character} 2`)).toEqual([
      validationTexts.controlCharacters,
    ]);
  });

  it('applies to the contact form: the message is multi-line, the name single-line', () => {
    const form = { Name: 'Anna Bianchi', Email: 'anna@example.com', Message: 'Salve,\nvorrei sapere…' };
    expect(contactFormSchema.safeParse(form).success).toBe(true);
    const result = contactFormSchema.safeParse({ ...form, Name: 'Anna\nBianchi' });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['Name']);
  });
});
