import { FLAT_RATE_PERCENTS, type FlatRatePercent } from '../business-profile.ts';
import type { Figures } from '../figures.ts';
import { lowestBand, yearlyCost } from './osvc-costs.ts';
import { taxYear, type TaxYear } from './tax-year.ts';
import type {
  CalcResult,
  PausalComparisonInput,
  PausalComparisonResult,
  Regime,
  RegimeCost,
} from './types.ts';
import { Checks, NO_INPUT, notAnObject, refused, unsupportedYear } from './validate.ts';

export const DEFAULT_FLAT_RATE = 60;

/** Why paušální daň is ruled out (§ 2a odst. 1 ZDP), or undefined when it is possible. */
function whyNotPausal(
  input: PausalComparisonInput,
  income: number,
  percent: FlatRatePercent,
  year: TaxYear,
): PausalComparisonResult['notPossible'] {
  if (input.otherIncome) return 'other_income';
  if (input.vatPayer) return 'vat_payer';
  return lowestBand(income, percent, year) === undefined ? 'income_over_limit' : undefined;
}

/**
 * Paušální daň or not: which band the income allows (§ 2a ZDP), and the year's tax and insurance
 * in every regime the input allows, cheapest first. With other income than from the business
 * over the law's limit (§ 7a odst. 1 ZDP), paušální daň is not possible.
 */
export function comparePausal(
  input: PausalComparisonInput,
  figures: Figures,
): CalcResult<PausalComparisonResult> {
  if (notAnObject(input)) return NO_INPUT;
  const checks = new Checks();
  checks.amount('yearlyIncome', input.yearlyIncome);
  checks.amount('yearlyExpenses', input.yearlyExpenses, { optional: true });
  checks.oneOf('flatRatePercent', input.flatRatePercent, FLAT_RATE_PERCENTS, true);
  checks.oneOf('activity', input.activity, ['main', 'side'], true);
  checks.oneOf('otherIncome', input.otherIncome, [true, false], true);
  checks.oneOf('vatPayer', input.vatPayer, [true, false], true);
  checks.year('year', input.year);
  if (!checks.ok) return refused(checks);
  const year = taxYear(figures, input.year);
  if (!year) return unsupportedYear(input.year);

  const income = Math.round(input.yearlyIncome);
  const percent = input.flatRatePercent ?? DEFAULT_FLAT_RATE;
  const activity = input.activity ?? 'main';
  const notPossible = whyNotPausal(input, income, percent, year);
  const band = notPossible ? undefined : lowestBand(income, percent, year);
  const regimes: Regime[] = [{ kind: 'flat-rate-expenses', percent }];
  if (band) regimes.unshift({ kind: 'pausalni-dan', band });
  if (input.yearlyExpenses !== undefined) regimes.push({ kind: 'real-expenses' });

  const costs: RegimeCost[] = regimes
    .map((regime) => ({
      regime,
      ...yearlyCost(regime, income, Math.round(input.yearlyExpenses ?? 0), activity, year),
    }))
    .sort((a, b) => a.total - b.total);
  const [cheapest, next] = costs as [RegimeCost, ...RegimeCost[]];
  return {
    ok: true,
    value: {
      year: input.year,
      figureIds: year.figureIds,
      ...(band ? { band } : {}),
      ...(notPossible ? { notPossible } : {}),
      regimes: costs,
      cheapest: cheapest.regime,
      saving: next ? next.total - cheapest.total : 0,
    },
  };
}
