import { describe, expect, it } from 'vitest';
import {
  BusinessProfileSchema,
  deadlineProfileOf,
  hasBusinessDetails,
  isValidIco,
  normalizeIco,
} from './business-profile.ts';

describe('IČO', () => {
  it('accepts real IČOs and refuses a wrong check digit', () => {
    expect(isValidIco('26168685')).toBe(true); // Seznam.cz, a.s.
    expect(isValidIco('45274649')).toBe(true); // ČEZ, a. s.
    expect(isValidIco('26168686')).toBe(false);
    expect(isValidIco('2616868')).toBe(false);
    expect(isValidIco('2616868a')).toBe(false);
  });

  it('reads an IČO as people type it', () => {
    expect(normalizeIco('261 68 685')).toBe('26168685');
    expect(normalizeIco('6947')).toBe('00006947');
    expect(normalizeIco('12-34')).toBe('12-34');
  });
});

describe('the business profile', () => {
  it('takes every field as optional and refuses wrong values', () => {
    expect(BusinessProfileSchema.safeParse({}).success).toBe(true);
    expect(BusinessProfileSchema.safeParse({ pausalBand: 4 }).success).toBe(false);
    expect(BusinessProfileSchema.safeParse({ ico: '26168686' }).success).toBe(false);
    expect(BusinessProfileSchema.safeParse({ billableHoursPerWeek: 81 }).success).toBe(false);
  });

  it('counts a skipped onboarding as no details', () => {
    expect(hasBusinessDetails({ onboardedAt: '2026-11-26T10:00:00.000Z' })).toBe(false);
    expect(hasBusinessDetails({ trade: 'grafika' })).toBe(true);
  });

  it('gives the deadline calendar what it needs once the legal form is known', () => {
    expect(deadlineProfileOf({ trade: 'grafika' })).toBeUndefined();
    expect(deadlineProfileOf({ legalForm: 'sro', taxRegime: 'pausalni-dan' })).toMatchObject({
      taxRegime: 'real-expenses',
      vat: 'none',
      hasDataBox: true,
    });
  });
});
