import type { FlatRatePercent, PausalBand } from '../business-profile.ts';
import type { Figures } from '../figures.ts';

/**
 * One year's rates and thresholds, read from figures.json. A figure that changes every year has
 * the year in its id (`osvc-min-social-base-main-2026`); a rate without one (`health-insurance-rate`)
 * stays valid until the law changes it. A year is supported only when every year-bound figure
 * exists for it: the calculators never reuse last year's numbers for a new year.
 */
export interface TaxYear {
  year: number;
  /** The year's average wage (průměrná mzda) the bases and limits below derive from. */
  averageWage: number;
  taxRateBasic: number;
  taxRateHigher: number;
  /** Yearly tax base above which 23 % applies (36 × the average wage). */
  higherThreshold: number;
  taxpayerCredit: number;
  socialRate: number;
  socialShare: number;
  healthRate: number;
  healthShare: number;
  /** Monthly minimum assessment bases. */
  socialMinBaseMain: number;
  socialMinBaseSide: number;
  healthMinBase: number;
  /** Yearly profit of a side business up to which no social insurance is due. */
  socialSideThreshold: number;
  /** Yearly maximum assessment base for social insurance. */
  socialMaxBase: number;
  pausalMonthly: Record<PausalBand, number>;
  /** Income limits of bands 1, 2 and 3 without the flat-rate share rule. */
  pausalLimits: [number, number, number];
  flatRateCaps: Record<FlatRatePercent, number>;
  corporateRate: number;
  dividendRate: number;
  vatThreshold: number;
  vatImmediateThreshold: number;
  vatRegistrationWorkingDays: number;
  /** Every figure read, for the sources shown beside a result. */
  figureIds: string[];
}

/** The ids a year reads; `{year}` is replaced by the year asked. */
const IDS = {
  averageWage: 'average-wage-{year}',
  taxRateBasic: 'personal-income-tax-rate-basic',
  taxRateHigher: 'personal-income-tax-rate-higher',
  higherThreshold: 'personal-income-tax-higher-threshold-{year}',
  taxpayerCredit: 'taxpayer-credit-yearly',
  socialRate: 'osvc-social-insurance-rate',
  socialShare: 'osvc-social-assessment-share',
  healthRate: 'health-insurance-rate',
  healthShare: 'osvc-health-assessment-share',
  socialMinBaseMain: 'osvc-min-social-base-main-{year}',
  socialMinBaseSide: 'osvc-min-social-base-side-{year}',
  healthMinBase: 'osvc-min-health-base-{year}',
  socialSideThreshold: 'osvc-social-side-threshold-{year}',
  socialMaxBase: 'osvc-max-social-base-{year}',
  pausal1: 'pausalni-dan-band-1-{year}',
  pausal2: 'pausalni-dan-band-2-{year}',
  pausal3: 'pausalni-dan-band-3-{year}',
  limit1: 'pausalni-rezim-limit-basic',
  limit2: 'pausalni-rezim-limit-middle',
  limit3: 'pausalni-rezim-limit-max',
  cap80: 'expense-flat-rate-cap-80',
  cap60: 'expense-flat-rate-cap-60',
  cap40: 'expense-flat-rate-cap-40',
  cap30: 'expense-flat-rate-cap-30',
  corporateRate: 'corporate-income-tax-rate',
  dividendRate: 'dividend-withholding-tax-rate',
  vatThreshold: 'vat-registration-threshold',
  vatImmediateThreshold: 'vat-immediate-threshold',
  vatRegistrationWorkingDays: 'vat-registration-deadline-working-days',
} as const;

type Key = keyof typeof IDS;

/** The oldest year the calculators know; earlier years' rules (before 2026) are not modelled. */
export const FIRST_YEAR = 2026;

/** A figure that is law (never a pending bill's) with a numeric value. */
function usable(figures: Figures, id: string): number | undefined {
  const figure = figures[id];
  if (!figure || figure.pending !== undefined) return undefined;
  const value = Number(figure.value);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * The id a key reads for a year: a year-bound pattern names the year; a plain rate is read as
 * `<id>-<year>` first (a rate the law changes from that year on) and then as `<id>`.
 */
function idFor(figures: Figures, pattern: string, year: number): string {
  if (pattern.includes('{year}')) return pattern.replace('{year}', String(year));
  const yearly = `${pattern}-${year}`;
  return usable(figures, yearly) !== undefined ? yearly : pattern;
}

/** The year's rates, or undefined when figures.json lacks one of its year-bound figures. */
export function taxYear(figures: Figures, year: number): TaxYear | undefined {
  if (!Number.isInteger(year) || year < FIRST_YEAR) return undefined;
  const values = {} as Record<Key, number>;
  const figureIds: string[] = [];
  for (const [key, pattern] of Object.entries(IDS) as [Key, string][]) {
    const id = idFor(figures, pattern, year);
    // Pending figures (a bill not yet law) never count: usable() skips them.
    const value = usable(figures, id);
    if (value === undefined) return undefined;
    values[key] = value;
    figureIds.push(id);
  }
  const percent = (value: number) => value / 100;
  return {
    year,
    averageWage: values.averageWage,
    taxRateBasic: percent(values.taxRateBasic),
    taxRateHigher: percent(values.taxRateHigher),
    higherThreshold: values.higherThreshold,
    taxpayerCredit: values.taxpayerCredit,
    socialRate: percent(values.socialRate),
    socialShare: percent(values.socialShare),
    healthRate: percent(values.healthRate),
    healthShare: percent(values.healthShare),
    socialMinBaseMain: values.socialMinBaseMain,
    socialMinBaseSide: values.socialMinBaseSide,
    healthMinBase: values.healthMinBase,
    socialSideThreshold: values.socialSideThreshold,
    socialMaxBase: values.socialMaxBase,
    pausalMonthly: { 1: values.pausal1, 2: values.pausal2, 3: values.pausal3 },
    pausalLimits: [values.limit1, values.limit2, values.limit3],
    flatRateCaps: { 80: values.cap80, 60: values.cap60, 40: values.cap40, 30: values.cap30 },
    corporateRate: percent(values.corporateRate),
    dividendRate: percent(values.dividendRate),
    vatThreshold: values.vatThreshold,
    vatImmediateThreshold: values.vatImmediateThreshold,
    vatRegistrationWorkingDays: values.vatRegistrationWorkingDays,
    figureIds,
  };
}
