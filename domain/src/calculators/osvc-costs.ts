import {
  FLAT_RATE_PERCENTS,
  PAUSAL_BANDS,
  type FlatRatePercent,
  type PausalBand,
} from '../business-profile.ts';
import type { TaxYear } from './tax-year.ts';
import type { Activity, Regime, YearlyCost } from './types.ts';
import type { Checks } from './validate.ts';
import { roundUp } from './rounding.ts';

/*
 * What a year costs an OSVČ. Rounding as the law does it: the tax base down to whole hundreds
 * (§ 16 ZDP), the tax up to whole crowns (§ 146 daňového řádu); insurance assessment bases and
 * premiums up to whole crowns (§ 5b and § 7 z. 589/1992, § 3a z. 592/1992). Left out, and said
 * so where results are shown: voluntary sickness insurance, other tax credits (children, spouse),
 * the beginner's lower social minimum, and a side business of someone not insured elsewhere for
 * health (who pays the minimum like a main business).
 */

export function checkRegime(checks: Checks, regime: unknown, field = 'regime'): void {
  const value = regime as Partial<Regime> | undefined;
  if (!value || typeof value !== 'object') {
    checks.problems.push({ field, code: 'required' });
  } else if (value.kind === 'pausalni-dan') {
    checks.oneOf(`${field}.band`, value.band, PAUSAL_BANDS);
  } else if (value.kind === 'flat-rate-expenses') {
    checks.oneOf(`${field}.percent`, value.percent, FLAT_RATE_PERCENTS);
  } else if (value.kind !== 'real-expenses') {
    checks.problems.push({ field, code: 'out_of_range' });
  }
}

/** Flat-rate expenses of an income, within the cap of the percentage. */
export function flatRateExpenses(income: number, percent: FlatRatePercent, year: TaxYear): number {
  return Math.min(Math.round((income * percent) / 100), year.flatRateCaps[percent]);
}

/** Income tax of a yearly tax base, after the taxpayer credit (never below zero). */
export function incomeTax(base: number, year: TaxYear): number {
  const rounded = Math.floor(Math.max(0, base) / 100) * 100;
  const basic = Math.min(rounded, year.higherThreshold) * year.taxRateBasic;
  const higher = Math.max(0, rounded - year.higherThreshold) * year.taxRateHigher;
  return Math.max(0, roundUp(basic + higher) - year.taxpayerCredit);
}

/** Social insurance of a year's profit (main: at least the minimum; side: nothing up to the limit). */
export function socialInsurance(profit: number, activity: Activity, year: TaxYear): number {
  if (activity === 'side' && profit <= year.socialSideThreshold) return 0;
  const minimum = 12 * (activity === 'main' ? year.socialMinBaseMain : year.socialMinBaseSide);
  const base = Math.min(Math.max(roundUp(profit * year.socialShare), minimum), year.socialMaxBase);
  return roundUp(base * year.socialRate);
}

/**
 * Health insurance of a year's profit. A side business is assumed beside a job (the employer
 * pays the minimum), so only the profit's share counts; a main business pays at least the minimum.
 */
export function healthInsurance(profit: number, activity: Activity, year: TaxYear): number {
  const share = roundUp(Math.max(0, profit) * year.healthShare);
  const base = activity === 'main' ? Math.max(share, 12 * year.healthMinBase) : share;
  return roundUp(base * year.healthRate);
}

/** The expenses the tax office counts in a regime (paušální daň has none: it is all in one). */
export function countedExpenses(
  regime: Regime,
  income: number,
  realExpenses: number,
  year: TaxYear,
): number {
  if (regime.kind === 'flat-rate-expenses') return flatRateExpenses(income, regime.percent, year);
  return realExpenses;
}

/** The lowest paušální daň band an income allows, given the trade's flat-rate percentage. */
export function lowestBand(
  income: number,
  percent: FlatRatePercent,
  year: TaxYear,
): PausalBand | undefined {
  const [basic, middle, max] = year.pausalLimits;
  // § 2a ZDP: band 1 to 1 M (1.5 M with ≥ 75 % of income at 80/60 %, 2 M at 80 %); band 2 to
  // 1.5 M (2 M with ≥ 75 % at 80/60 %); band 3 to 2 M. One trade = all income at its percentage.
  if (income > max) return undefined;
  if (income <= basic) return 1;
  if (income <= middle) return percent >= 60 ? 1 : 2;
  if (percent === 80) return 1;
  return percent === 60 ? 2 : 3;
}

/** A year's tax and insurance in a regime. */
export function yearlyCost(
  regime: Regime,
  income: number,
  realExpenses: number,
  activity: Activity,
  year: TaxYear,
): YearlyCost {
  if (regime.kind === 'pausalni-dan') {
    const monthly = year.pausalMonthly[regime.band];
    // The monthly payment holds all three; the 100 Kč tax part is not split out here.
    return { tax: 0, social: 0, health: 0, total: 12 * monthly };
  }
  const profit = Math.max(0, income - countedExpenses(regime, income, realExpenses, year));
  const tax = incomeTax(profit, year);
  const social = socialInsurance(profit, activity, year);
  const health = healthInsurance(profit, activity, year);
  return { tax, social, health, total: tax + social + health };
}
