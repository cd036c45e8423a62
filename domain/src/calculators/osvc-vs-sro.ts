import type { Figures } from '../figures.ts';
import { checkRegime, yearlyCost } from './osvc-costs.ts';
import { taxYear } from './tax-year.ts';
import type { CalcResult, OsvcVsSroInput, OsvcVsSroResult, Regime } from './types.ts';
import { Checks, NO_INPUT, notAnObject, refused, unsupportedYear } from './validate.ts';
import { roundDown, roundUp } from './rounding.ts';

const DEFAULT_REGIME: Regime = { kind: 'flat-rate-expenses', percent: 60 };

/**
 * A rough year of the same profit as an OSVČ and as the owner of an s. r. o. who takes it all
 * as a dividend: 21 % corporate tax (base rounded down to thousands, § 21 odst. 1 ZDP), then
 * 15 % withheld on the dividend (§ 36). An estimate for a talk with an accountant: it leaves out
 * a director's salary and its insurance, the accounting an s. r. o. must keep, the owner's own
 * health insurance (paid as a person without income when there is no salary), and the capital.
 */
export function osvcVsSro(input: OsvcVsSroInput, figures: Figures): CalcResult<OsvcVsSroResult> {
  if (notAnObject(input)) return NO_INPUT;
  const checks = new Checks();
  checks.amount('yearlyProfit', input.yearlyProfit);
  checks.amount('yearlyIncome', input.yearlyIncome, { optional: true });
  if (input.regime !== undefined) checkRegime(checks, input.regime);
  if (
    input.yearlyIncome !== undefined &&
    Number.isFinite(input.yearlyIncome) &&
    input.yearlyIncome < input.yearlyProfit
  ) {
    checks.problems.push({ field: 'yearlyIncome', code: 'out_of_range' });
  }
  checks.year('year', input.year);
  if (!checks.ok) return refused(checks);
  const year = taxYear(figures, input.year);
  if (!year) return unsupportedYear(input.year);

  const profit = Math.round(input.yearlyProfit);
  const income = Math.round(input.yearlyIncome ?? input.yearlyProfit);
  const regime = input.regime ?? DEFAULT_REGIME;
  const cost = yearlyCost(regime, income, income - profit, 'main', year);
  const corporateTax = roundUp(Math.floor(profit / 1000) * 1000 * year.corporateRate);
  // Withholding tax: base and tax both rounded down to whole crowns (§ 36 odst. 3 ZDP).
  const dividendTax = roundDown(Math.max(0, profit - corporateTax) * year.dividendRate);
  const sroTotal = corporateTax + dividendTax;
  const cheaper = cost.total <= sroTotal ? 'osvc' : 'sro';
  return {
    ok: true,
    value: {
      year: input.year,
      figureIds: year.figureIds,
      osvc: { ...cost, netIncome: profit - cost.total },
      sro: { corporateTax, dividendTax, total: sroTotal, netIncome: profit - sroTotal },
      cheaper,
      difference: Math.abs(cost.total - sroTotal),
      estimate: true,
    },
  };
}
