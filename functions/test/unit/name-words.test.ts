import { describe, expect, it } from 'vitest';
import { foldText, matchesAllWords, nameWords } from '../../src/onboarding/name-words';

describe('name words of the patient search', () => {
  it('folds case and accents and splits on anything but letters and digits', () => {
    expect(foldText('Ròssi ÉLÈNA')).toBe('rossi elena');
    expect(nameWords("  Giulia  D'Amico-Ròssi ")).toEqual(['giulia', 'd', 'amico', 'rossi']);
    expect(nameWords('Anna anna ANNA')).toEqual(['anna']);
    expect(nameWords(' - ')).toEqual([]);
  });

  it('matches when every typed word starts a word of the name, in any order', () => {
    const giulia = nameWords('Giulia Rossi');
    expect(matchesAllWords(nameWords('Rossi'), giulia)).toBe(true);
    expect(matchesAllWords(nameWords('ròs giu'), giulia)).toBe(true);
    expect(matchesAllWords(nameWords('giu bianchi'), giulia)).toBe(false);
    expect(matchesAllWords(nameWords('ossi'), giulia)).toBe(false);
  });
});
