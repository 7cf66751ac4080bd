/**
 * Free text fields of the request schemas. Single-line text (names, titles, addresses, phone numbers,
 * identifiers) refuses every control character: a line break in a name would end up in mail subjects and
 * headers ("Bruno\r\nBcc: …"), in invoices and in one-line views. Multi-line text (messages, bios,
 * descriptions) keeps line breaks and tabs but refuses the other control characters, which no keyboard
 * types and which only garble what others read.
 */
import * as z from 'zod';
import { validationTexts } from './texts';

/**
 * C0 and C1 controls (tab, line feed and carriage return included), DEL, and the Unicode line and
 * paragraph separators, which some mail clients and terminals also break lines on.
 */
const SINGLE_LINE = /^[^\p{Cc}\u2028\u2029]*$/u;
/** Every control character except tab, line feed and carriage return. */
const MULTI_LINE = /^[^\p{Cc}]*$/u;
const withoutLineBreaks = (value: string) => value.replace(/[\t\n\r]/g, '');

export const isSingleLine = (value: string) => SINGLE_LINE.test(value);
export const isCleanMultiLine = (value: string) => MULTI_LINE.test(withoutLineBreaks(value));

/** The check of single-line text, for schemas that build their own string (e.g. with a format regex). */
export const singleLineCheck = <T extends z.ZodType<string>>(schema: T) =>
  schema.refine(isSingleLine, { error: validationTexts.singleLine });

/** The check of multi-line text, for schemas that build their own string (e.g. untrimmed HTML). */
export const multiLineCheck = <T extends z.ZodType<string>>(schema: T) =>
  schema.refine(isCleanMultiLine, { error: validationTexts.controlCharacters });

const trimmedText = (max: number, requiredError: string, tooLongError = validationTexts.tooLong(max)) =>
  z
    .string({ error: requiredError })
    .trim()
    // Stops at the first problem, so an empty field does not also report its length rule.
    .min(1, { error: requiredError, abort: true })
    .max(max, { error: tooLongError, abort: true });

const optionalTrimmedText = (max: number) =>
  z
    .string({ error: validationTexts.invalidValue })
    .trim()
    .max(max, { error: validationTexts.tooLong(max), abort: true });

interface TextMessages {
  /** For a missing, non-string or blank value; 'Campo obbligatorio' by default. */
  required?: string;
  tooLong?: string;
}

/** A required single-line string, trimmed: missing, non-string or blank all read the `required` message. */
export const requiredText = (max: number, messages: TextMessages = {}) =>
  singleLineCheck(trimmedText(max, messages.required ?? validationTexts.required, messages.tooLong));

/** An optional single-line string, trimmed (blank is allowed). */
export const optionalText = (max: number) => singleLineCheck(optionalTrimmedText(max));

/** A required multi-line string, trimmed: line breaks and tabs are kept, other control characters refused. */
export const requiredMultiLineText = (max: number, messages: TextMessages = {}) =>
  multiLineCheck(trimmedText(max, messages.required ?? validationTexts.required, messages.tooLong));

/** An optional multi-line string, trimmed. */
export const optionalMultiLineText = (max: number) => multiLineCheck(optionalTrimmedText(max));
