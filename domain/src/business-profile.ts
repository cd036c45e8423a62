import { z } from 'zod/mini';
import type { DeadlineProfile } from './deadlines/deadlines.ts';

/**
 * The user's business as they describe it (opt-in, every field optional): what the mentor's
 * answers, the calculators and the deadline calendar are filled from. Signed out it lives in the
 * browser; signed in it is synced like goals (one per account, versioned).
 */

/** The reviewed list of trades; the user's own words go in `trade`. */
export const TRADE_KINDS = [
  'design',
  'it',
  'marketing',
  'photo-video',
  'writing-translation',
  'teaching',
  'consulting',
  'accounting-admin',
  'crafts',
  'construction',
  'beauty',
  'health-wellness',
  'food',
  'retail',
  'eshop',
  'transport',
  'cleaning-services',
  'other',
] as const;
export type TradeKind = (typeof TRADE_KINDS)[number];

export const CUSTOMER_KINDS = ['people', 'firms', 'both'] as const;
export const STAGES = ['idea', 'first-customers', 'living', 'growing'] as const;
/** The fourteen kraje (NUTS 3) and "abroad". */
export const REGIONS = [
  'praha',
  'stredocesky',
  'jihocesky',
  'plzensky',
  'karlovarsky',
  'ustecky',
  'liberecky',
  'kralovehradecky',
  'pardubicky',
  'vysocina',
  'jihomoravsky',
  'olomoucky',
  'zlinsky',
  'moravskoslezsky',
  'abroad',
] as const;
export const LEGAL_FORMS = ['zivnost-main', 'zivnost-side', 'sro', 'not-yet'] as const;
export const TAX_REGIMES = ['pausalni-dan', 'real-expenses', 'flat-rate-expenses'] as const;
/** Paušální daň bands (§ 7a ZDP). */
export const PAUSAL_BANDS = [1, 2, 3] as const;
/** Flat-rate expense percentages (výdajový paušál, § 7 odst. 7 ZDP). */
export const FLAT_RATE_PERCENTS = [80, 60, 40, 30] as const;
export const VAT_STATUSES = ['none', 'monthly', 'quarterly'] as const;

export type CustomerKind = (typeof CUSTOMER_KINDS)[number];
export type Stage = (typeof STAGES)[number];
export type Region = (typeof REGIONS)[number];
export type LegalFormKind = (typeof LEGAL_FORMS)[number];
export type TaxRegimeKind = (typeof TAX_REGIMES)[number];
export type PausalBand = (typeof PAUSAL_BANDS)[number];
export type FlatRatePercent = (typeof FLAT_RATE_PERCENTS)[number];
export type VatStatus = (typeof VAT_STATUSES)[number];

export const TRADE_MAX_LENGTH = 120;
export const BILLABLE_HOURS_MAX = 80;

/** Czech IČO: eight digits whose last is the mod-11 check digit of the first seven. */
export function isValidIco(ico: string): boolean {
  if (!/^\d{8}$/.test(ico)) return false;
  const digits = [...ico].map(Number);
  const sum = digits.slice(0, 7).reduce((total, digit, i) => total + digit * (8 - i), 0);
  const check = (11 - (sum % 11)) % 10;
  return check === digits[7];
}

/** An IČO as people type it ("123 45 678") without the spaces; shorter ones get leading zeros. */
export function normalizeIco(input: string): string {
  const digits = input.replace(/\s+/g, '');
  return /^\d{1,8}$/.test(digits) ? digits.padStart(8, '0') : digits;
}

/** What ARES says about an IČO (filled in by the lookup; the user may change it). */
export const RegistryEntrySchema = z.object({
  ico: z.string().check(z.regex(/^\d{8}$/)),
  name: z.string().check(z.maxLength(300)),
  /** ARES's code of the legal form ("101" OSVČ, "112" s. r. o., …). */
  legalFormCode: z.optional(z.string().check(z.maxLength(10))),
  address: z.optional(z.string().check(z.maxLength(300))),
  /** Our legal form where ARES's code says it (an s. r. o.); a sole trader picks main or side. */
  legalForm: z.optional(z.enum(LEGAL_FORMS)),
  /** The kraj of the registered seat. */
  region: z.optional(z.enum(REGIONS)),
  /** CZ-NACE codes, the main one first. */
  nace: z.array(z.string().check(z.maxLength(10))).check(z.maxLength(50)),
});
export type RegistryEntry = z.infer<typeof RegistryEntrySchema>;

export const BusinessProfileSchema = z.object({
  trade: z.optional(z.string().check(z.maxLength(TRADE_MAX_LENGTH))),
  tradeKind: z.optional(z.enum(TRADE_KINDS)),
  customers: z.optional(z.enum(CUSTOMER_KINDS)),
  stage: z.optional(z.enum(STAGES)),
  region: z.optional(z.enum(REGIONS)),
  legalForm: z.optional(z.enum(LEGAL_FORMS)),
  taxRegime: z.optional(z.enum(TAX_REGIMES)),
  /** With `taxRegime: 'pausalni-dan'`. */
  pausalBand: z.optional(z.union([z.literal(1), z.literal(2), z.literal(3)])),
  /** With `taxRegime: 'flat-rate-expenses'`. */
  flatRatePercent: z.optional(
    z.union([z.literal(80), z.literal(60), z.literal(40), z.literal(30)]),
  ),
  vat: z.optional(z.enum(VAT_STATUSES)),
  billableHoursPerWeek: z.optional(z.int().check(z.minimum(1), z.maximum(BILLABLE_HOURS_MAX))),
  ico: z.optional(z.string().check(z.refine(isValidIco, { message: 'invalid IČO' }))),
  registry: z.optional(RegistryEntrySchema),
  /** For the deadline calendar: how the yearly return is filed. */
  hasDataBox: z.optional(z.boolean()),
  usesTaxAdviser: z.optional(z.boolean()),
  /** Side business whose last year's profit brought monthly insurance advances. */
  sideBusinessPaysAdvances: z.optional(z.boolean()),
  /** Set when the onboarding was finished or skipped, so it is not offered again. */
  onboardedAt: z.optional(z.iso.datetime()),
});
export type BusinessProfile = z.infer<typeof BusinessProfileSchema>;

export const EMPTY_BUSINESS_PROFILE: BusinessProfile = {};

/** Whether the user told anything about their business (beyond skipping the onboarding). */
export function hasBusinessDetails(profile: BusinessProfile): boolean {
  return Object.keys(profile).some((key) => key !== 'onboardedAt');
}

/**
 * What the deadline calendar needs, or undefined when the profile does not say the legal form.
 * An OSVČ has a data box since 2023, so unless told otherwise the return is electronic.
 */
export function deadlineProfileOf(profile: BusinessProfile): DeadlineProfile | undefined {
  if (!profile.legalForm) return undefined;
  const taxRegime =
    profile.legalForm === 'sro' ? 'real-expenses' : (profile.taxRegime ?? 'flat-rate-expenses');
  return {
    legalForm: profile.legalForm,
    taxRegime,
    vat: profile.vat ?? 'none',
    hasDataBox: profile.hasDataBox ?? true,
    usesTaxAdviser: profile.usesTaxAdviser ?? false,
    ...(profile.sideBusinessPaysAdvances !== undefined
      ? { sideBusinessPaysAdvances: profile.sideBusinessPaysAdvances }
      : {}),
  };
}
