import type { BusinessProfile } from '@partak/domain/business-profile';
import type { CalculatorId } from '@partak/domain/calculators/types';
import {
  choiceOf,
  profileActivity,
  profileRegime,
  REGIME_CHOICES,
  regimeOf,
} from './regime-choice.ts';

/**
 * What each calculator asks, as fields of one generic form. Values are kept as typed (strings),
 * so an emptied field stays empty instead of becoming 0; `inputOf` turns them into the
 * calculator's input, and the calculator names what is wrong.
 */
export type FieldKind = 'money' | 'count' | 'select' | 'checkbox';

export interface FieldSpec {
  name: string;
  kind: FieldKind;
  options?: readonly string[];
  optional?: boolean;
}

export type Values = Record<string, string>;

const ACTIVITY = ['main', 'side'] as const;
const VAT_RATES = ['0', '21', '12'] as const;
const FLAT_RATES = ['80', '60', '40', '30'] as const;

export const FIELDS: Record<CalculatorId, readonly FieldSpec[]> = {
  'hourly-rate': [
    { name: 'netMonthlyIncome', kind: 'money' },
    { name: 'monthlyCosts', kind: 'money' },
    { name: 'billableHoursPerWeek', kind: 'count' },
    { name: 'holidayWeeks', kind: 'count' },
    { name: 'sickDays', kind: 'count' },
    { name: 'regime', kind: 'select', options: REGIME_CHOICES },
    { name: 'activity', kind: 'select', options: ACTIVITY },
  ],
  pausal: [
    { name: 'yearlyIncome', kind: 'money' },
    { name: 'yearlyExpenses', kind: 'money', optional: true },
    { name: 'flatRatePercent', kind: 'select', options: FLAT_RATES },
    { name: 'otherIncome', kind: 'checkbox' },
    { name: 'activity', kind: 'select', options: ACTIVITY },
  ],
  'put-aside': [
    { name: 'invoiceAmount', kind: 'money' },
    { name: 'vatRate', kind: 'select', options: VAT_RATES },
    { name: 'regime', kind: 'select', options: REGIME_CHOICES },
    { name: 'activity', kind: 'select', options: ACTIVITY },
  ],
  'vat-watch': [{ name: 'turnover', kind: 'money' }],
  'osvc-vs-sro': [
    { name: 'yearlyProfit', kind: 'money' },
    { name: 'yearlyIncome', kind: 'money', optional: true },
    { name: 'regime', kind: 'select', options: REGIME_CHOICES },
  ],
};

const DEFAULTS: Record<CalculatorId, Values> = {
  'hourly-rate': {
    netMonthlyIncome: '40000',
    monthlyCosts: '5000',
    billableHoursPerWeek: '30',
    holidayWeeks: '5',
    sickDays: '10',
  },
  pausal: { yearlyIncome: '800000', yearlyExpenses: '', otherIncome: 'false' },
  'put-aside': { invoiceAmount: '10000' },
  'vat-watch': { turnover: '1200000' },
  'osvc-vs-sro': { yearlyProfit: '1000000', yearlyIncome: '' },
};

/** The form's first values: the defaults, what the profile says, then what a card carried. */
export function initialValues(
  id: CalculatorId,
  profile: BusinessProfile,
  input: Record<string, unknown> = {},
): Values {
  const fromProfile: Values = {
    regime: profileRegime(profile),
    activity: profileActivity(profile),
    flatRatePercent: String(profile.flatRatePercent ?? 60),
    vatRate: profile.vat && profile.vat !== 'none' ? '21' : '0',
    ...(profile.billableHoursPerWeek
      ? { billableHoursPerWeek: String(profile.billableHoursPerWeek) }
      : {}),
  };
  const fromCard: Values = {};
  for (const [name, value] of Object.entries(input)) {
    if (name === 'regime' && value && typeof value === 'object') {
      const regime = regimeOf(choiceOf(value as never));
      if (regime) fromCard.regime = choiceOf(regime);
    } else if (['string', 'number', 'boolean'].includes(typeof value)) {
      fromCard[name] = String(value);
    }
  }
  const names = new Set(FIELDS[id].map((field) => field.name));
  const all = { ...DEFAULTS[id], ...fromProfile, ...fromCard };
  return Object.fromEntries(Object.entries(all).filter(([name]) => names.has(name)));
}

/** "40 000", "1,5", "2.5": a number as people type it, or NaN. */
export function parseAmount(text: string): number {
  const cleaned = text
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/(kč|czk)$/i, '')
    .replace(',', '.');
  return cleaned === '' ? Number.NaN : Number(cleaned);
}

/** The calculator's input from the form's values (the calculator checks it). */
export function inputOf(id: CalculatorId, values: Values, year: number, today: string): unknown {
  const input: Record<string, unknown> = { year };
  for (const field of FIELDS[id]) {
    const text = values[field.name] ?? '';
    if (field.kind === 'checkbox') input[field.name] = text === 'true';
    else if (field.name === 'regime') input.regime = regimeOf(text);
    else if (field.name === 'activity') input.activity = text;
    else if (text.trim() !== '') input[field.name] = parseAmount(text);
    // An empty field is left out: the calculator says it is required (or uses its default).
  }
  if (id === 'vat-watch') {
    return { monthlyTurnover: [input.turnover], asOf: today };
  }
  return input;
}
