import {
  BILLABLE_HOURS_MAX,
  BusinessProfileSchema,
  isValidIco,
  normalizeIco,
  type BusinessProfile,
  type RegistryEntry,
} from '@partak/domain/business-profile';

/** The form's parts: the onboarding asks one at a time, the profile page all of them. */
export const SECTIONS = ['what', 'taxes', 'rest'] as const;
export type Section = (typeof SECTIONS)[number];

/** The choices kept as an `<select>`'s value ('' = not said). */
export const CHOICE_FIELDS = [
  'tradeKind',
  'customers',
  'stage',
  'region',
  'legalForm',
  'taxRegime',
  'pausalBand',
  'flatRatePercent',
  'vat',
] as const;
export type ChoiceField = (typeof CHOICE_FIELDS)[number];

/** The profile being edited, as the fields hold it: text as typed, '' for "not said". */
export type Draft = Record<ChoiceField | 'trade' | 'hours' | 'ico', string> & {
  registry?: RegistryEntry;
};

/** The profile's fields each part of the form edits (what saving that part replaces). */
export const FIELDS_OF: Record<Section, readonly (keyof BusinessProfile)[]> = {
  what: ['trade', 'tradeKind', 'customers', 'stage'],
  taxes: ['legalForm', 'taxRegime', 'pausalBand', 'flatRatePercent', 'vat'],
  rest: ['region', 'billableHoursPerWeek', 'ico', 'registry'],
};

export function draftOf(profile: BusinessProfile): Draft {
  const text = (value: string | number | undefined) => (value === undefined ? '' : String(value));
  return {
    trade: profile.trade ?? '',
    tradeKind: text(profile.tradeKind),
    customers: text(profile.customers),
    stage: text(profile.stage),
    region: text(profile.region),
    legalForm: text(profile.legalForm),
    taxRegime: text(profile.taxRegime),
    pausalBand: text(profile.pausalBand),
    flatRatePercent: text(profile.flatRatePercent),
    vat: text(profile.vat),
    hours: text(profile.billableHoursPerWeek),
    ico: profile.ico ?? '',
    ...(profile.registry ? { registry: profile.registry } : {}),
  };
}

/** What is wrong with a field, as the dictionary names it (`form.<field>.<error>`). */
export type DraftErrors = Partial<Record<'hours' | 'ico', 'invalid'>>;

/** The IČO typed, without spaces; undefined when nothing is typed. */
export function icoOf(draft: Draft): string | undefined {
  const typed = draft.ico.trim();
  return typed ? normalizeIco(typed) : undefined;
}

/** What is wrong in the given parts of the draft (nothing when all is well). */
export function draftErrors(draft: Draft, sections: readonly Section[]): DraftErrors {
  // The trade's length is held by its field (`maxLength`); the schema checks it again on saving.
  const errors: DraftErrors = {};
  if (sections.includes('rest')) {
    const hours = draft.hours.trim();
    if (
      hours &&
      !(/^\d+$/.test(hours) && Number(hours) >= 1 && Number(hours) <= BILLABLE_HOURS_MAX)
    ) {
      errors.hours = 'invalid';
    }
    const ico = icoOf(draft);
    if (ico !== undefined && !isValidIco(ico)) errors.ico = 'invalid';
  }
  return errors;
}

/** The draft's values of the given parts, as profile fields (only what was said). */
function valuesOf(draft: Draft, sections: readonly Section[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const has = (section: Section) => sections.includes(section);
  if (has('what')) {
    values.trade = draft.trade.trim() || undefined;
    values.tradeKind = draft.tradeKind || undefined;
    values.customers = draft.customers || undefined;
    values.stage = draft.stage || undefined;
  }
  if (has('taxes')) {
    values.legalForm = draft.legalForm || undefined;
    // The tax regime says nothing for an s. r. o. (it pays corporate tax on real costs).
    const regime = draft.legalForm === 'sro' ? '' : draft.taxRegime;
    values.taxRegime = regime || undefined;
    values.pausalBand =
      regime === 'pausalni-dan' && draft.pausalBand ? Number(draft.pausalBand) : undefined;
    values.flatRatePercent =
      regime === 'flat-rate-expenses' && draft.flatRatePercent
        ? Number(draft.flatRatePercent)
        : undefined;
    values.vat = draft.vat || undefined;
  }
  if (has('rest')) {
    values.region = draft.region || undefined;
    values.billableHoursPerWeek = draft.hours.trim() ? Number(draft.hours.trim()) : undefined;
    const ico = icoOf(draft);
    values.ico = ico;
    // The ARES entry belongs to the IČO it was read for: another IČO drops it.
    values.registry = ico && draft.registry?.ico === ico ? draft.registry : undefined;
  }
  return values;
}

/**
 * `current` with the given parts replaced by the draft's (the other parts, and `onboardedAt`, as
 * they are), or undefined when the draft does not make a valid profile (see `draftErrors`).
 */
export function profileWith(
  current: BusinessProfile,
  draft: Draft,
  sections: readonly Section[],
): BusinessProfile | undefined {
  if (Object.keys(draftErrors(draft, sections)).length) return undefined;
  const replaced = new Set<string>(sections.flatMap((section) => FIELDS_OF[section]));
  const merged = Object.fromEntries(
    [
      ...Object.entries(current).filter(([key]) => !replaced.has(key)),
      ...Object.entries(valuesOf(draft, sections)),
    ].filter(([, value]) => value !== undefined),
  );
  const parsed = BusinessProfileSchema.safeParse(merged);
  return parsed.success ? parsed.data : undefined;
}
