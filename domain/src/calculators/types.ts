import type { FlatRatePercent, PausalBand } from '../business-profile.ts';

/*
 * The calculators' contract: what each takes and answers. Every rate and threshold is read from
 * figures.json for the year asked (`year`); a year whose figures are missing answers
 * `year_unsupported` rather than guessing. Amounts are whole crowns per year unless named
 * otherwise. The functions live beside this file, one per calculator, and never throw on bad
 * input: they answer `{ ok: false, problems }` naming each field that is wrong.
 */

/** How an OSVČ is taxed; an s. r. o. is compared in `osvcVsSro` only. */
export type Regime =
  | { kind: 'pausalni-dan'; band: PausalBand }
  | { kind: 'flat-rate-expenses'; percent: FlatRatePercent }
  | { kind: 'real-expenses' };

/** Main business (hlavní činnost) or a side business beside a job, studies or parental leave. */
export type Activity = 'main' | 'side';

export type ProblemCode = 'required' | 'not_a_number' | 'negative' | 'too_large' | 'out_of_range';

export interface Problem {
  field: string;
  code: ProblemCode;
}

export type CalcResult<T> =
  | { ok: true; value: T }
  | { ok: false; problems: Problem[] }
  | { ok: false; problems: []; yearUnsupported: number };

/** What one year costs an OSVČ: income tax after the taxpayer credit, and both insurances. */
export interface YearlyCost {
  tax: number;
  social: number;
  health: number;
  /** tax + social + health */
  total: number;
}

/** The ids of the figures a result used (for "podle sazeb roku 2026" and the sources). */
export interface Sourced {
  year: number;
  figureIds: string[];
}

// --- Hourly rate ---------------------------------------------------------------------------

export interface HourlyRateInput {
  /** What the user wants to take home each month, after tax and insurance. */
  netMonthlyIncome: number;
  /** Business costs per month (software, rent, phone, …). */
  monthlyCosts: number;
  billableHoursPerWeek: number;
  /** Weeks of holiday a year (default 5). */
  holidayWeeks?: number;
  /** Sick days a year (default 10, working days). */
  sickDays?: number;
  regime: Regime;
  activity?: Activity;
  /**
   * Paušální daň: the trade's flat-rate percentage, for the band limits of § 2a ZDP (bands 1 and
   * 2 reach further at 80 % and 60 %). Without it the plain 1 / 1.5 / 2 M Kč limits apply.
   */
  flatRatePercent?: FlatRatePercent;
  year: number;
}

export interface HourlyRateResult extends Sourced {
  /** The minimum hourly rate, rounded up to whole crowns. */
  hourly: number;
  /** hourly × 8 */
  daily: number;
  billableHoursPerYear: number;
  /** The yearly revenue the rate brings. */
  yearlyRevenue: number;
  yearlyCosts: number;
  cost: YearlyCost;
  /** What is left per month after costs, tax and insurance (≥ the wanted net). */
  netMonthly: number;
  /** Paušální daň: the revenue needs a higher band than the one asked for. */
  bandRaisedTo?: PausalBand;
  /** Paušální daň: the revenue is over its limit; computed with flat-rate expenses of 60 %. */
  pausalNotPossible?: boolean;
}

// --- Paušální daň or not -------------------------------------------------------------------

export interface PausalComparisonInput {
  yearlyIncome: number;
  /** Real expenses; when absent only the flat-rate regime is compared. */
  yearlyExpenses?: number;
  /** The flat-rate percentage of the trade (default 60). */
  flatRatePercent?: FlatRatePercent;
  /** Income outside § 7 over the limit (§ 7a odst. 1 ZDP) rules paušální daň out. */
  otherIncome?: boolean;
  /** A VAT payer cannot be in paušální režim (§ 2a odst. 1 ZDP). */
  vatPayer?: boolean;
  activity?: Activity;
  year: number;
}

export interface RegimeCost extends YearlyCost {
  regime: Regime;
}

export interface PausalComparisonResult extends Sourced {
  /** The lowest band the income allows, or undefined when paušální daň is not possible. */
  band?: PausalBand;
  /** Why paušální daň is not possible. */
  notPossible?: 'income_over_limit' | 'other_income' | 'vat_payer';
  /** Every regime the input allows, cheapest first. */
  regimes: RegimeCost[];
  cheapest: Regime;
  /** What the cheapest saves against the next one, per year. */
  saving: number;
}

// --- Put aside -----------------------------------------------------------------------------

export interface PutAsideInput {
  invoiceAmount: number;
  regime: Regime;
  /** The invoice includes VAT at this rate (percent) that goes to the tax office. */
  vatRate?: number;
  activity?: Activity;
  year: number;
}

export interface PutAsideResult extends Sourced {
  /** tax + social + health + vat, rounded up. */
  keep: number;
  tax: number;
  social: number;
  health: number;
  vat: number;
  /** keep ÷ invoiceAmount, in percent (one decimal). */
  share: number;
  /** Paušální daň: tax and insurance are in the monthly payment, nothing more per invoice. */
  coveredByPausal?: boolean;
}

// --- DPH watch -----------------------------------------------------------------------------

export interface VatWatchInput {
  /** Turnover by month, oldest first, the last being the month of `asOf`; up to 12 entries. */
  monthlyTurnover: number[];
  /** ISO date: the day the watch is for. */
  asOf: string;
}

export type VatStatus = 'below' | 'approaching' | 'over-registration' | 'over-immediate';

export interface VatWatchResult extends Sourced {
  turnover: number;
  /** 2 000 000 Kč in 2025+ */
  threshold: number;
  /** 2 536 500 Kč: payer from the day after it is passed. */
  immediateThreshold: number;
  /** turnover ÷ threshold, percent. */
  percent: number;
  status: VatStatus;
  /** How much more before the threshold (0 when over). */
  headroom: number;
  /**
   * Over the threshold: the day the registration is due, 10 working days after the day it was
   * passed (taken to be `asOf`; § 94 odst. 1 ZDPH since 2025).
   */
  registrationDue?: string;
  /**
   * Since 2025 the law counts the turnover of the calendar year (§ 6 ZDPH as amended by
   * z. 461/2024 Sb.): the entries that fall in the year of `asOf`. `status` stays on the
   * 12-month sum, which is never lower, so the watch warns early rather than late.
   */
  calendarYearTurnover?: number;
  /**
   * The day one becomes a payer by law: the day after passing 2 536 500 Kč, or 1 January of the
   * next year after passing 2 000 000 Kč in the calendar year (unless one asks to be one earlier).
   */
  payerFrom?: string;
}

// --- OSVČ or s. r. o. ----------------------------------------------------------------------

export interface OsvcVsSroInput {
  /** Profit before tax: income minus real costs. */
  yearlyProfit: number;
  /** The OSVČ's regime for the comparison (default: flat-rate 60 %). */
  regime?: Regime;
  /** The yearly income, needed for flat-rate and paušální daň. Defaults to the profit. */
  yearlyIncome?: number;
  year: number;
}

export interface OsvcVsSroResult extends Sourced {
  osvc: YearlyCost & { netIncome: number };
  /** Corporate tax on the profit, then the dividend tax when all of it is paid out. */
  sro: { corporateTax: number; dividendTax: number; total: number; netIncome: number };
  cheaper: 'osvc' | 'sro';
  difference: number;
  /** Always true: an estimate for a talk with an accountant (no salary, no accounting costs). */
  estimate: true;
}

/**
 * The calculators, by the id used in URLs (`/nastroje/<id>`), chat cards and the model's tools.
 * Each lives in `<id>.ts` beside this file and exports the function named in the comment.
 */
export const CALCULATOR_IDS = [
  /** hourlyRate(input, figures) */
  'hourly-rate',
  /** comparePausal(input, figures) */
  'pausal',
  /** putAside(input, figures) */
  'put-aside',
  /** vatWatch(input, figures) */
  'vat-watch',
  /** osvcVsSro(input, figures) */
  'osvc-vs-sro',
] as const;
export type CalculatorId = (typeof CALCULATOR_IDS)[number];
