import type { Figures } from '../figures.ts';
import { checkRegime, lowestBand, yearlyCost } from './osvc-costs.ts';
import { taxYear, type TaxYear } from './tax-year.ts';
import type { CalcResult, HourlyRateInput, HourlyRateResult, Regime } from './types.ts';
import { Checks, refused, unsupportedYear } from './validate.ts';

export const DEFAULT_HOLIDAY_WEEKS = 5;
export const DEFAULT_SICK_DAYS = 10;
/** A working day, for the day rate. */
export const HOURS_PER_DAY = 8;

/** Billable hours in a year: weeks worked, less sick days (a day is a fifth of a week's hours). */
export function billableHours(perWeek: number, holidayWeeks: number, sickDays: number): number {
  return Math.max(0, Math.round(perWeek * (52 - holidayWeeks) - sickDays * (perWeek / 5)));
}

function netOf(
  revenue: number,
  costs: number,
  regime: Regime,
  input: HourlyRateInput,
  year: TaxYear,
) {
  const cost = yearlyCost(regime, revenue, costs, input.activity ?? 'main', year);
  return { cost, net: revenue - costs - cost.total };
}

/** Paušální daň fits a revenue only in a band whose limit it is within (else the next band). */
function fittingRegime(regime: Regime, revenue: number, year: TaxYear): Regime | undefined {
  if (regime.kind !== 'pausalni-dan') return regime;
  // The trade's flat-rate share is unknown here: the plain limits (1 / 1.5 / 2 M) apply.
  const band = lowestBand(revenue, 30, year);
  if (band === undefined) return undefined;
  return { kind: 'pausalni-dan', band: Math.max(band, regime.band) as 1 | 2 | 3 };
}

/**
 * The smallest yearly revenue that leaves the wanted net after costs, tax and insurance (net
 * rises with revenue, so a bisection over whole crowns finds it), and the hourly rate that
 * brings it in the billable hours.
 */
export function hourlyRate(input: HourlyRateInput, figures: Figures): CalcResult<HourlyRateResult> {
  const checks = new Checks();
  checks.amount('netMonthlyIncome', input.netMonthlyIncome, { max: 10_000_000 });
  checks.amount('monthlyCosts', input.monthlyCosts, { max: 10_000_000 });
  checks.range('billableHoursPerWeek', input.billableHoursPerWeek, 1, 80);
  checks.range('holidayWeeks', input.holidayWeeks, 0, 20, true);
  checks.range('sickDays', input.sickDays, 0, 100, true);
  checkRegime(checks, input.regime);
  checks.oneOf('activity', input.activity, ['main', 'side'], true);
  if (!checks.ok) return refused(checks);
  const year = taxYear(figures, input.year);
  if (!year) return unsupportedYear(input.year);

  const hours = billableHours(
    input.billableHoursPerWeek,
    input.holidayWeeks ?? DEFAULT_HOLIDAY_WEEKS,
    input.sickDays ?? DEFAULT_SICK_DAYS,
  );
  if (hours === 0)
    return { ok: false, problems: [{ field: 'holidayWeeks', code: 'out_of_range' }] };
  const costs = Math.round(input.monthlyCosts * 12);
  const wanted = Math.round(input.netMonthlyIncome * 12);
  const regimeAt = (revenue: number) =>
    fittingRegime(input.regime, revenue, year) ?? {
      kind: 'flat-rate-expenses' as const,
      percent: 60 as const,
    };
  const enough = (revenue: number) =>
    netOf(revenue, costs, regimeAt(revenue), input, year).net >= wanted;

  let low = 0;
  let high = 1;
  while (!enough(high)) high *= 2;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (enough(middle)) high = middle;
    else low = middle;
  }
  const hourly = Math.ceil(high / hours);
  const revenue = hourly * hours;
  const regime = regimeAt(revenue);
  const { cost, net } = netOf(revenue, costs, regime, input, year);
  const raised =
    input.regime.kind === 'pausalni-dan' &&
    regime.kind === 'pausalni-dan' &&
    regime.band !== input.regime.band
      ? { bandRaisedTo: regime.band }
      : {};
  const outOfPausal = input.regime.kind === 'pausalni-dan' && regime.kind !== 'pausalni-dan';
  return {
    ok: true,
    value: {
      year: input.year,
      figureIds: year.figureIds,
      hourly,
      daily: hourly * HOURS_PER_DAY,
      billableHoursPerYear: hours,
      yearlyRevenue: revenue,
      yearlyCosts: costs,
      cost,
      netMonthly: Math.floor(net / 12),
      ...raised,
      ...(outOfPausal ? { pausalNotPossible: true } : {}),
    },
  };
}
