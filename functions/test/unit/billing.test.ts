/**
 * The server's codice fiscale check (the maintained library with its dataset of places), the shared
 * check character measured against the library's, and the comuni dataset and its buckets.
 */
import { CheckDigitizer } from '@marketto/codice-fiscale-utils';
import { describe, expect, it } from 'vitest';
import { billingTexts, codiceFiscaleCheckCharacter, codiceFiscaleProblem } from '@nutri/shared';
import { codiceFiscaleLibraryProblem } from '../../src/billing/codice-fiscale';
import { comuniDataset } from '../../src/billing/comuni-dataset';
import { idBucketItems, searchBucketItems } from '../../src/billing/comuni-repo';

describe('codice fiscale, full check with the library', () => {
  it('accepts valid codes and their omocodic variants', async () => {
    for (const code of [
      'RSSMRA85T10A562S',
      'RSSMRA85T10A56NH',
      'RSSMRAURTMLARSNL',
      'VRNGNY07D68C351V',
      'MRNMIA02E45L219X',
    ])
      expect(await codiceFiscaleLibraryProblem(code)).toBeNull();
  });

  it('accepts a person born abroad (Z code of a country)', async () => {
    const first15 = 'RSSMRA85T10Z404';
    expect(await codiceFiscaleLibraryProblem(`${first15}${codiceFiscaleCheckCharacter(first15)}`)).toBeNull();
  });

  it('refuses a wrong check character', async () => {
    expect(await codiceFiscaleLibraryProblem('VRNGNY07D68C351K')).toBe(billingTexts.codiceFiscaleCheck);
  });

  it('refuses a birth place that did not exist on the birth date, which no shape check can see', async () => {
    // D620 (Fiume) ceased to be Italian long before 1999; the check character itself is right.
    expect(codiceFiscaleProblem('GSTPPP99C06D620V')).toBeNull();
    expect(await codiceFiscaleLibraryProblem('GSTPPP99C06D620V')).toBe(billingTexts.codiceFiscaleBirthPlace);
    const unknownPlace = 'RSSMRA85T10A000';
    expect(
      await codiceFiscaleLibraryProblem(`${unknownPlace}${codiceFiscaleCheckCharacter(unknownPlace)}`),
    ).toBe(billingTexts.codiceFiscaleBirthPlace);
  });

  it('leaves 11-digit codes of companies to the shared check', async () => {
    expect(await codiceFiscaleLibraryProblem('00743110157')).toBeNull();
  });
});

describe('shared check character', () => {
  it('equals the library’s on thousands of codes, omocodia letters included', () => {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const digits = '0123456789LMNPQRSTUV';
    let seed = 12345;
    const random = (pool: string) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return pool[seed % pool.length]!;
    };
    const pools = [letters, letters, letters, letters, letters, letters, digits, digits, 'ABCDEHLMPRST'];
    for (let index = 0; index < 5000; index += 1) {
      const first15 = [...pools, digits, digits, letters, digits, digits, digits].map(random).join('');
      expect(codiceFiscaleCheckCharacter(first15), first15).toBe(CheckDigitizer.checkDigit(first15));
    }
  });
});

describe('comuni dataset', () => {
  it('flags today’s municipalities current, keeps the others, and has a stable version', async () => {
    const today = new Date();
    const [dataset, again] = await Promise.all([comuniDataset(today), comuniDataset(today)]);
    const current = dataset.all.filter((comune) => comune.IsCurrent);
    // About 7,900 municipalities today (ISTAT), about 10,000 ever.
    expect(current.length).toBeGreaterThan(7800);
    expect(current.length).toBeLessThan(8100);
    expect(dataset.all.length).toBeGreaterThan(current.length);
    expect(current.find((comune) => comune.ComuneId === 'H501')).toEqual({
      ComuneId: 'H501',
      Name: 'Roma',
      ProvinciaAbbreviation: 'RM',
      IsCurrent: true,
    });
    expect(again.version).toBe(dataset.version);
  });

  it('has the current provinces and names of ISTAT’s list, where the ANPR list is stale', async () => {
    const { all } = await comuniDataset(new Date());
    const byId = (id: string) => all.find((comune) => comune.ComuneId === id);
    // Caserta's province (not Napoli), Ivrea in Torino (not Aosta), Olbia in Sassari since Sardinia's 2016 reform.
    expect(byId('B963')).toMatchObject({ Name: 'Caserta', ProvinciaAbbreviation: 'CE', IsCurrent: true });
    expect(byId('E379')).toMatchObject({ Name: 'Ivrea', ProvinciaAbbreviation: 'TO', IsCurrent: true });
    expect(byId('G015')).toMatchObject({ Name: 'Olbia', ProvinciaAbbreviation: 'SS', IsCurrent: true });
    // Today's name, not the historic one ("Castello D'alife"), and no broken encoding anywhere.
    expect(byId('C178')).toMatchObject({ Name: 'Castello del Matese', ProvinciaAbbreviation: 'CE' });
    expect(all.filter((comune) => /Ã|Â/.test(comune.Name))).toEqual([]);
    expect(all.filter((comune) => comune.IsCurrent && comune.ProvinciaAbbreviation === 'OT')).toEqual([]);
  });

  it('buckets: search entries by key (shortest name first), ids by the code’s letter', () => {
    const comuni = [
      { ComuneId: 'D705', Name: 'Forlimpopoli', ProvinciaAbbreviation: 'FC' },
      { ComuneId: 'D703', Name: 'Forlì del Sannio', ProvinciaAbbreviation: 'IS' },
      { ComuneId: 'D704', Name: 'Forlì', ProvinciaAbbreviation: 'FC' },
      { ComuneId: 'H501', Name: 'Roma', ProvinciaAbbreviation: 'RM' },
    ];
    const search = searchBucketItems(comuni, 'v1');
    expect(search.map((item) => item.pk)).toEqual(['COMUNI#SEARCH#f', 'COMUNI#SEARCH#r']);
    expect(search[0]!.Comuni).toEqual([
      'forli|D704|Forlì|FC',
      'forlidelsannio|D703|Forlì del Sannio|IS',
      'forlimpopoli|D705|Forlimpopoli|FC',
    ]);
    const ids = idBucketItems(
      comuni.map((comune) => ({ ...comune, IsCurrent: comune.ComuneId !== 'D705' })),
      'v1',
    );
    expect(ids.map((item) => item.pk)).toEqual(['COMUNI#CODE#D', 'COMUNI#CODE#H']);
    expect(ids[0]!.Comuni).toEqual([
      'D703|Forlì del Sannio|IS|1',
      'D704|Forlì|FC|1',
      'D705|Forlimpopoli|FC|0',
    ]);
  });
});
