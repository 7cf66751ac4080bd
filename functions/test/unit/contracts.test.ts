import { describe, expect, it } from 'vitest';
import { sanitizeContractHtml, hasVisibleText } from '../../src/onboarding/contract-html';
import { acceptanceState, versionsInEffect } from '../../src/onboarding/contract-versions';
import { CONTRACTS } from '../../src/onboarding/contracts';

const at = new Date('2027-03-10T12:00:00Z');
const published = (ContractTypeId: number, Version: number, EffectiveFrom: string) => ({
  ContractTypeId,
  Version,
  Status: 'published' as const,
  EffectiveFrom,
});

describe('the contract version in effect', () => {
  it('is 1, the text in code, until a published version reaches its day', () => {
    expect([...versionsInEffect([], at)]).toEqual([
      [2, 1],
      [3, 1],
    ]);
    const stored = [
      published(2, 2, '2027-03-01T00:00:00Z'),
      published(2, 3, '2027-03-11T00:00:00Z'),
      { ContractTypeId: 3, Version: 2, Status: 'draft' as const, EffectiveFrom: null },
    ];
    expect(versionsInEffect(stored, at).get(2)).toBe(2);
    expect(versionsInEffect(stored, new Date('2027-03-11T00:00:00Z')).get(2)).toBe(3);
    // A draft is never in effect.
    expect(versionsInEffect(stored, at).get(3)).toBe(1);
  });
});

describe('whether a patient accepted the versions in effect', () => {
  const inEffect = (service: number, nutritionist: number) =>
    new Map([
      [2, service],
      [3, nutritionist],
    ] as const);

  it('reads the profile flag as version 1 accepted', () => {
    expect(acceptanceState(inEffect(1, 1), [], true)).toEqual({ signed: true, updated: false });
    expect(acceptanceState(inEffect(1, 1), [], false)).toEqual({ signed: false, updated: false });
  });

  it('asks again after a new version, saying the notices changed to whoever had accepted', () => {
    const v1 = [
      { contractType: 2, version: 1 },
      { contractType: 3, version: 1 },
    ];
    expect(acceptanceState(inEffect(2, 1), v1, true)).toEqual({ signed: false, updated: true });
    expect(acceptanceState(inEffect(2, 1), [], false)).toEqual({ signed: false, updated: false });
    expect(acceptanceState(inEffect(2, 1), [...v1, { contractType: 2, version: 2 }], true)).toEqual({
      signed: true,
      updated: false,
    });
    // Accepting the service's version 2 says nothing of the nutritionist's version 2.
    expect(acceptanceState(inEffect(2, 2), [...v1, { contractType: 2, version: 2 }], true).signed).toBe(
      false,
    );
  });
});

describe('contract HTML', () => {
  it('keeps text formatting and links, drops scripts, styles, images and event handlers', () => {
    expect(
      sanitizeContractHtml(
        '<h2 style="color:red" onclick="x()">Titolo</h2><p>Testo <a href="javascript:x()">qui</a> e <a href="https://nutri.example/privacy">là</a></p><script>x()</script><img src="https://spia.example/p.png"><iframe src="https://x"></iframe>',
      ),
    ).toBe('<h2>Titolo</h2><p>Testo <a>qui</a> e <a href="https://nutri.example/privacy">là</a></p>');
    expect(hasVisibleText(sanitizeContractHtml('<script>x()</script><p> </p>'))).toBe(false);
  });

  it('leaves the texts shipped in code as they are', () => {
    for (const contract of Object.values(CONTRACTS))
      expect(sanitizeContractHtml(contract.ContractText)).toBe(contract.ContractText);
  });
});
