import { describe, expect, it } from 'vitest';
import { changeRuleText } from '../src/features/patient/booking-rules';

// A visit on Friday 12 June 2026 at 10:00 in Rome (08:00 UTC, summer time).
const VISIT = '2026-06-12T08:00:00.000Z';

describe('how a paid visit is moved or cancelled', () => {
  it('until 2 days before: in the chat, free, with the deadline in Rome time', () => {
    const text = changeRuleText(VISIT, new Date('2026-06-01T09:00:00Z'));
    expect(text).toContain('scrivi in chat al tuo nutrizionista');
    expect(text).toContain('Fino a mercoledì 10 giugno alle 10:00 (2 giorni prima) è gratuito');
    expect(text).toContain('dopo, la visita viene considerata effettuata e non è rimborsabile');
  });

  it('within 2 days: a change now counts the visit as done', () => {
    const text = changeRuleText(VISIT, new Date('2026-06-10T08:01:00Z'));
    expect(text).toMatch(/^Mancano meno di 2 giorni: /);
    expect(text).toContain('viene considerata effettuata e non è rimborsabile');
    expect(text).toContain('scrivi in chat al tuo nutrizionista');
  });
});
