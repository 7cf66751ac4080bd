/**
 * Patients and nutritionists are women and men: what the product says to "you" (pages, dialogs, toasts,
 * questionnaire, mails) uses a neutral form wherever Italian has one ("grazie per la registrazione", not
 * "grazie per esserti registrato"). This reads every source file with user-facing Italian and refuses
 * the masculine forms that keep creeping back in. The two confirmations docs/product.md quotes word for
 * word ("Sei sicuro di voler modificare…", "…completare…") are the only exceptions.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const SOURCES = ['web/src', 'shared/src', 'functions/src'];

/** Masculine forms addressed to the reader, each with a neutral Italian alternative. */
const MASCULINE_TO_READER: RegExp[] = [
  /\besserti (registrato|iscritto)\b/i,
  /\bsei (stato|arrivato|registrato|iscritto|seguito|pronto|sicuro|connesso|collegato|abbinato)\b/i,
  /\bsei già (seguito|registrato|iscritto)\b/i,
  /\bessere (seguito|ricontattato|contattato|richiamato|abbinato|avvisato)\b/i,
  /\bvengo (abbinato|seguito|contattato)\b/i,
  /\b(pronto|sicuro|contento) (a|di) \p{L}+/iu,
  /\bpronto\?/i,
  // "Benvenuto!" is masculine; "ti diamo il benvenuto" (the noun) is the neutral form.
  /(?<!\bil )\bbenvenuto\b/i,
];

/** Quoted word for word in docs/product.md, the product's own text. */
const QUOTED = [
  "Sei sicuro di voler modificare la data dell'appuntamento?",
  "Sei sicuro di voler completare l'appuntamento?",
];

const sourceFiles = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.(ts|tsx)$/.test(entry.name) ? [relative] : [];
  });

/** Comments are English and may quote anything; only the code's strings and JSX text reach users. */
const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

describe('texts addressed to the reader', () => {
  it('use neutral forms where Italian has them', () => {
    const found: string[] = [];
    for (const file of SOURCES.flatMap(sourceFiles)) {
      let text = withoutComments(readFileSync(path.join(ROOT, file), 'utf8'));
      for (const quoted of QUOTED) text = text.split(quoted).join('');
      for (const pattern of MASCULINE_TO_READER) {
        const match = pattern.exec(text);
        if (match) found.push(`${file}: "${match[0]}"`);
      }
    }
    expect(found).toEqual([]);
  });
});
