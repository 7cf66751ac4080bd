/**
 * Words of a person's name as the patient search matches them: lower case, without accents, split on
 * anything that is not a letter or a digit ("Ròssi-D'Amico" -> rossi, d, amico). A search matches a
 * patient when each word typed is the start of one of the name's words, in any order.
 */

/** At most this many words of a name are indexed (a name is a few words; this bounds the writes). */
export const MAX_NAME_WORDS = 8;

/** Lower case without diacritics: 'Ròssi' and 'ROSSI' both give 'rossi'. */
export const foldText = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLocaleLowerCase('it');

/** The distinct words of a text, folded, in order of appearance. */
export const nameWords = (text: string): string[] => [
  ...new Set(
    foldText(text)
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean),
  ),
];

/** Whether every typed word starts one of the name's words. */
export const matchesAllWords = (typed: readonly string[], words: readonly string[]) =>
  typed.every((prefix) => words.some((word) => word.startsWith(prefix)));
