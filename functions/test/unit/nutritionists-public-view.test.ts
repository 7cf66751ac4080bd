/**
 * What the public endpoints of the nutritionists area may show, and the order of the public list:
 * pure rules, no stack needed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { publicNutritionistSchema, publicProfileSchema } from '@nutri/shared';
import {
  missingFields,
  pickFields,
  toPublicNutritionist,
  toPublicProfile,
} from '../../src/nutritionists/profile-view';
import { dailySeed, seededOrder } from '../../src/nutritionists/public-order';
import type { NutritionistProfile } from '../../src/nutritionists/public-profiles-repo';
import { useTestConfig } from './support/test-config';

beforeAll(() => {
  useTestConfig();
});

const profile = (overrides: Partial<NutritionistProfile> = {}): NutritionistProfile => ({
  UserId: 'u-1',
  ProfessionalTitle: 'Dietista',
  PersonalTitle: 'dottoressa',
  Bio: 'Primo paragrafo\nSecondo paragrafo',
  Training: 'Laurea in Dietistica',
  ProfilePageUrl: 'giorgia-esposito',
  Gender: 2,
  IsPublic: true,
  Skills: [{ UserSkillId: 7, TagId: 3 }],
  ImagePath: 'nutritionists/u-1/photo-abc',
  CalendarSlotsAvailable: true,
  ActivePatients: 12,
  IsCalendarPartner: false,
  Deactivated: false,
  DeactivatedAt: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-02T00:00:00.000Z',
  version: 3,
  ...overrides,
});

describe('public nutritionist view', () => {
  it('has exactly the keys of the public schema: matching and admin fields stay inside', () => {
    const view = toPublicNutritionist(profile(), 'Giorgia Esposito', ['Salute intestinale']);
    expect(Object.keys(view).sort()).toEqual(Object.keys(publicNutritionistSchema.shape).sort());
    expect(publicNutritionistSchema.strict().parse(view)).toEqual(view);
    expect(JSON.stringify(view)).not.toMatch(/ActivePatients|CalendarSlots|IsPublic|version|UserSkillId/);
  });

  it('serves the photo at the three widths, the 400 one as ImageFileUrl', () => {
    const view = toPublicNutritionist(profile(), 'Giorgia Esposito', []);
    expect(view.ImageFilePath).toEqual({
      400: 'http://127.0.0.1/media/nutritionists/u-1/photo-abc-400.webp',
      800: 'http://127.0.0.1/media/nutritionists/u-1/photo-abc-800.webp',
      1200: 'http://127.0.0.1/media/nutritionists/u-1/photo-abc-1200.webp',
    });
    expect(view.ImageFileUrl).toBe(view.ImageFilePath?.[400]);
    expect(toPublicNutritionist(profile({ ImagePath: null }), 'X', []).ImageFilePath).toBeNull();
  });

  it('keeps only the fields asked, in the schema order', () => {
    const view = toPublicNutritionist(profile(), 'Giorgia Esposito', []);
    expect(Object.keys(pickFields(view, ['ProfilePageUrl', 'UserId']))).toEqual(['UserId', 'ProfilePageUrl']);
    expect(pickFields(view, undefined)).toEqual(view);
  });

  it('builds the public profile from the user name and the photo only', () => {
    const view = toPublicProfile('u-1', 'Giorgia Esposito', profile());
    expect(Object.keys(view).sort()).toEqual(Object.keys(publicProfileSchema.shape).sort());
    expect(toPublicProfile('u-1', 'Giorgia Esposito', null).ImageFilePath).toBeNull();
  });
});

describe('profile completeness', () => {
  it('lists what a profile lacks before it may be public', () => {
    expect(missingFields(profile())).toEqual([]);
    expect(missingFields(profile({ Skills: [], ImagePath: null, Gender: null }))).toEqual([
      'Gender',
      'SkillTagIds',
      'Image',
    ]);
    expect(missingFields(null)).toHaveLength(8);
  });
});

describe('public list order', () => {
  const ids = Array.from({ length: 40 }, (_, index) => `nutrizionista-${index}`);

  it('is a permutation of the list, the same for the same seed', () => {
    const first = seededOrder(ids, (id) => id, 42);
    expect([...first].sort()).toEqual([...ids].sort());
    expect(seededOrder([...ids].reverse(), (id) => id, 42)).toEqual(first);
  });

  it('differs between seeds and from the stored order', () => {
    const first = seededOrder(ids, (id) => id, 1);
    expect(seededOrder(ids, (id) => id, 2)).not.toEqual(first);
    expect(first).not.toEqual(ids);
  });

  it('defaults to the calendar day in Rome, across midnight and daylight saving', () => {
    // 23:30 UTC on 30 March 2025 is already 31 March in Rome (CEST, UTC+2).
    expect(dailySeed(new Date('2025-03-30T22:30:00Z'))).toBe(20250331);
    // 22:30 UTC on 1 January is 23:30 in Rome (CET, UTC+1): still the 1st.
    expect(dailySeed(new Date('2025-01-01T22:30:00Z'))).toBe(20250101);
    expect(dailySeed(new Date('2025-01-01T23:30:00Z'))).toBe(20250102);
  });
});
