import { describe, expect, it } from 'vitest';
import type { BusinessProfile } from '@partak/domain/business-profile';
import { draftErrors, draftOf, profileWith, SECTIONS } from './profile-draft.ts';
import { registryLegalForm, withRegistry } from './registry.ts';

const AT = '2026-11-20T10:00:00.000Z';
const VALID_ICO = '27074358';
const registry = {
  ico: VALID_ICO,
  name: 'Účetní Nováková s.r.o.',
  legalFormCode: '112',
  legalForm: 'sro' as const,
  region: 'praha' as const,
  address: 'Na Pankráci 1685/17, Nusle, 14000 Praha 4',
  nace: ['69200'],
};

describe('the profile form’s draft', () => {
  it('round-trips a profile through the fields', () => {
    const profile: BusinessProfile = {
      trade: 'Svatební fotografie',
      tradeKind: 'photo-video',
      customers: 'people',
      stage: 'living',
      region: 'zlinsky',
      legalForm: 'zivnost-main',
      taxRegime: 'pausalni-dan',
      pausalBand: 2,
      vat: 'none',
      billableHoursPerWeek: 25,
      ico: VALID_ICO,
      registry,
      onboardedAt: AT,
    };
    expect(profileWith({}, draftOf(profile), SECTIONS)).toEqual({
      ...profile,
      onboardedAt: undefined,
    });
    expect(profileWith(profile, draftOf(profile), SECTIONS)).toEqual(profile);
  });

  it('says what is wrong: hours out of range or not whole, an IČO failing its checksum', () => {
    const draft = { ...draftOf({}), hours: '81', ico: '12345678' };
    expect(draftErrors(draft, SECTIONS)).toEqual({ hours: 'invalid', ico: 'invalid' });
    expect(draftErrors({ ...draft, hours: '7.5' }, ['rest']).hours).toBe('invalid');
    expect(profileWith({}, draft, SECTIONS)).toBeUndefined();
    // Only the parts being saved are checked (an onboarding step saves one).
    expect(draftErrors(draft, ['what'])).toEqual({});
    expect(draftErrors({ ...draft, hours: ' 40 ', ico: '270 74 358' }, SECTIONS)).toEqual({});
    expect(profileWith({}, { ...draft, hours: ' 40 ', ico: '270 74 358' }, ['rest'])).toEqual({
      billableHoursPerWeek: 40,
      ico: VALID_ICO,
    });
  });

  it('replaces only the saved part’s fields, and keeps the rest and onboardedAt', () => {
    const current: BusinessProfile = { trade: 'IT', vat: 'monthly', onboardedAt: AT };
    const draft = { ...draftOf({}), legalForm: 'sro', taxRegime: 'pausalni-dan', pausalBand: '1' };
    // An s. r. o. has no tax regime of its own here, and a band without paušální daň goes.
    expect(profileWith(current, draft, ['taxes'])).toEqual({
      trade: 'IT',
      legalForm: 'sro',
      onboardedAt: AT,
    });
    const flatRate = {
      ...draft,
      legalForm: 'zivnost-side',
      taxRegime: 'flat-rate-expenses',
      flatRatePercent: '60',
      pausalBand: '1',
    };
    expect(profileWith(current, flatRate, ['taxes'])).toEqual({
      trade: 'IT',
      legalForm: 'zivnost-side',
      taxRegime: 'flat-rate-expenses',
      flatRatePercent: 60,
      onboardedAt: AT,
    });
    // Emptied fields are cleared.
    expect(profileWith(current, draftOf({}), ['what'])).toEqual({
      vat: 'monthly',
      onboardedAt: AT,
    });
  });

  it('drops the ARES entry when the IČO is changed to another', () => {
    const draft = { ...draftOf({ ico: VALID_ICO, registry }), ico: '25596641' };
    expect(profileWith({}, draft, ['rest'])).toEqual({ ico: '25596641' });
  });
});

describe('ARES’s entry, once confirmed', () => {
  it('fills the IČO, the legal form it tells and the seat’s region', () => {
    const filled = withRegistry(draftOf({ region: 'stredocesky' }), registry);
    expect(filled).toMatchObject({ ico: VALID_ICO, registry, legalForm: 'sro', region: 'praha' });
    expect(registryLegalForm(registry)).toBe('sro');
  });

  it('keeps a sole trader’s own choice of main or side business (ARES cannot tell)', () => {
    const soleTrader = {
      ico: VALID_ICO,
      name: 'Jana Nováková',
      legalFormCode: '101',
      nace: ['74100'],
    };
    const own = draftOf({ legalForm: 'zivnost-side', region: 'vysocina' });
    expect(withRegistry(own, soleTrader)).toMatchObject({
      legalForm: 'zivnost-side',
      region: 'vysocina',
    });
    expect(registryLegalForm(soleTrader)).toBe('soleTrader');
    expect(registryLegalForm({ ...soleTrader, legalFormCode: '706' })).toBeUndefined();
  });
});
