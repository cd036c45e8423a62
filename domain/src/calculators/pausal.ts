import { FLAT_RATE_PERCENTS } from '../business-profile.ts';
import type { Figures } from '../figures.ts';
import { lowestBand, yearlyCost } from './osvc-costs.ts';
import { taxYear } from './tax-year.ts';
import type {
  CalcResult,
  PausalComparisonInput,
  PausalComparisonResult,
  Regime,
  RegimeCost,
} from './types.ts';
import { Checks, refused, unsupportedYear } from './validate.ts';

export const DEFAULT_FLAT_RATE = 60;

/**
 * Paušální daň or not: which band the income allows (§ 2a ZDP), and the year's tax and insurance
 * in every regime the input allows, cheapest first. With other income than from the business
 * over the law's limit (§ 7a odst. 1 ZDP), paušální daň is not possible.
 */
export function comparePausal(
  input: PausalComparisonInput,
  figures: Figures,
): CalcResult<PausalComparisonResult> {
  const checks = new Checks();
  checks.amount('yearlyIncome', input.yearlyIncome);
  checks.amount('yearlyExpenses', input.yearlyExpenses, { optional: true });
  checks.oneOf('flatRatePercent', input.flatRatePercent, FLAT_RATE_PERCENTS, true);
  checks.oneOf('activity', input.activity, ['main', 'side'], true);
  if (!checks.ok) return refused(checks);
  const year = taxYear(figures, input.year);
  if (!year) return unsupportedYear(input.year);

  const income = Math.round(input.yearlyIncome);
  const percent = input.flatRatePercent ?? DEFAULT_FLAT_RATE;
  const activity = input.activity ?? 'main';
  const band = input.otherIncome ? undefined : lowestBand(income, percent, year);
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
  const notPossible = input.otherIncome
    ? ('other_income' as const)
    : band === undefined
      ? ('income_over_limit' as const)
      : undefined;
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
