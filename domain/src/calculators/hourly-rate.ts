import type { Figures } from '../figures.ts';
import {
  FLAT_RATE_PERCENTS,
  PAUSAL_BANDS,
  type FlatRatePercent,
  type PausalBand,
} from '../business-profile.ts';
import { checkRegime, countedExpenses, lowestBand, yearlyCost } from './osvc-costs.ts';
import { taxYear, type TaxYear } from './tax-year.ts';
import type { CalcResult, HourlyRateInput, HourlyRateResult, Regime, YearlyCost } from './types.ts';
import { Checks, NO_INPUT, notAnObject, refused, unsupportedYear } from './validate.ts';

export const DEFAULT_HOLIDAY_WEEKS = 5;
export const DEFAULT_SICK_DAYS = 10;
/** A working day, for the day rate. */
export const HOURS_PER_DAY = 8;

/** Billable hours in a year: weeks worked, less sick days (a day is a fifth of a week's hours). */
export function billableHours(perWeek: number, holidayWeeks: number, sickDays: number): number {
  return Math.max(0, Math.round(perWeek * (52 - holidayWeeks) - sickDays * (perWeek / 5)));
}

type Net = (revenue: number) => { cost: YearlyCost; net: number };

/** The smallest revenue in (low, high] that is enough, given that `high` is. */
function bisect(enough: (revenue: number) => boolean, low: number, high: number): number {
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (enough(middle)) high = middle;
    else low = middle;
  }
  return high;
}

/**
 * The smallest hourly rate whose revenue (rate × hours) leaves `wanted` in a regime. Net rises
 * with revenue but for two places: a few crowns where the tax base crosses a hundred (§ 16 ZDP),
 * and a side business whose profit passes the rozhodná částka (social insurance starts at once,
 * § 9 z. 589/1992). So the revenue below that point (`sideLimit`) is searched first, then the
 * rest, by bisection over crowns; the rate is then raised crown by crown until the rounded-up
 * revenue really is enough.
 */
function smallestRate(netAt: Net, wanted: number, hours: number, sideLimit?: number): number {
  const enough = (revenue: number) => netAt(revenue).net >= wanted;
  let revenue: number;
  if (sideLimit !== undefined && enough(sideLimit)) {
    revenue = enough(0) ? 0 : bisect(enough, 0, sideLimit);
  } else {
    let low = sideLimit ?? 0;
    let high = low + 1;
    while (!enough(high)) [low, high] = [high, high * 2];
    revenue = bisect(enough, low, high);
  }
  let hourly = Math.max(1, Math.ceil(revenue / hours));
  while (!enough(hourly * hours)) hourly += 1;
  return hourly;
}

/** The largest revenue whose profit stays within a side business's rozhodná částka. */
function sideLimitOf(regime: Regime, costs: number, year: TaxYear): number {
  const profit = (revenue: number) => revenue - countedExpenses(regime, revenue, costs, year);
  // Profit never falls as revenue rises, so the last revenue within the limit is a bisection away.
  let high = 1;
  while (profit(high) <= year.socialSideThreshold) high *= 2;
  return bisect((revenue) => profit(revenue) > year.socialSideThreshold, 0, high) - 1;
}

/**
 * Paušální daň: the payment does not depend on the revenue within a band, so the revenue needed
 * is wanted + costs + 12 × the band's payment (closed form). The first band from the one asked
 * for whose limit holds that revenue is the answer (the limits of § 2a ZDP for the trade's
 * flat-rate percentage; 30 % gives the plain 1 / 1.5 / 2 M Kč); none: paušální daň is not possible.
 */
function pausalRate(
  band: PausalBand,
  percent: FlatRatePercent,
  wanted: number,
  costs: number,
  hours: number,
  year: TaxYear,
): { hourly: number; band: PausalBand } | undefined {
  for (const candidate of PAUSAL_BANDS.filter((b) => b >= band)) {
    const hourly = Math.max(
      1,
      Math.ceil((wanted + costs + 12 * year.pausalMonthly[candidate]) / hours),
    );
    const fits = lowestBand(hourly * hours, percent, year);
    if (fits !== undefined && fits <= candidate) return { hourly, band: candidate };
  }
  return undefined;
}

/** Above paušální daň's limit, the hourly rate is computed with the trades' 60 % flat rate. */
const FALLBACK_REGIME: Regime = { kind: 'flat-rate-expenses', percent: 60 };

function checkInput(input: HourlyRateInput): Checks {
  const checks = new Checks();
  checks.amount('netMonthlyIncome', input.netMonthlyIncome, { max: 10_000_000 });
  checks.amount('monthlyCosts', input.monthlyCosts, { max: 10_000_000 });
  checks.range('billableHoursPerWeek', input.billableHoursPerWeek, 1, 80);
  checks.range('holidayWeeks', input.holidayWeeks, 0, 20, true);
  checks.range('sickDays', input.sickDays, 0, 100, true);
  checkRegime(checks, input.regime);
  checks.oneOf('activity', input.activity, ['main', 'side'], true);
  checks.oneOf('flatRatePercent', input.flatRatePercent, FLAT_RATE_PERCENTS, true);
  checks.year('year', input.year);
  return checks;
}

/**
 * The smallest whole-crown hourly rate whose yearly revenue (rate × billable hours) leaves the
 * wanted net after costs, tax and insurance: closed form per paušální daň band (raised when the
 * revenue needs it), a bisection over crowns in the other regimes. Daily = hourly × 8.
 */
export function hourlyRate(input: HourlyRateInput, figures: Figures): CalcResult<HourlyRateResult> {
  if (notAnObject(input)) return NO_INPUT;
  const checks = checkInput(input);
  if (!checks.ok) return refused(checks);
  const year = taxYear(figures, input.year);
  if (!year) return unsupportedYear(input.year);

  // At least 12 hours within the checked ranges (1 h × 32 weeks − 100 sick days × 0.2 h).
  const hours = billableHours(
    input.billableHoursPerWeek,
    input.holidayWeeks ?? DEFAULT_HOLIDAY_WEEKS,
    input.sickDays ?? DEFAULT_SICK_DAYS,
  );
  const costs = Math.round(input.monthlyCosts * 12);
  const wanted = Math.round(input.netMonthlyIncome * 12);
  const activity = input.activity ?? 'main';
  const netIn =
    (regime: Regime): Net =>
    (revenue) => {
      const cost = yearlyCost(regime, revenue, costs, activity, year);
      return { cost, net: revenue - costs - cost.total };
    };

  const asked = input.regime;
  const pausal =
    asked.kind === 'pausalni-dan'
      ? pausalRate(asked.band, input.flatRatePercent ?? 30, wanted, costs, hours, year)
      : undefined;
  const regime: Regime = pausal
    ? { kind: 'pausalni-dan', band: pausal.band }
    : asked.kind === 'pausalni-dan'
      ? FALLBACK_REGIME
      : asked;
  const sideLimit = activity === 'side' ? sideLimitOf(regime, costs, year) : undefined;
  const hourly = pausal?.hourly ?? smallestRate(netIn(regime), wanted, hours, sideLimit);
  const revenue = hourly * hours;
  const { cost, net } = netIn(regime)(revenue);
  const raised =
    asked.kind === 'pausalni-dan' && pausal && pausal.band !== asked.band
      ? { bandRaisedTo: pausal.band }
      : {};
  const outOfPausal = asked.kind === 'pausalni-dan' && !pausal;
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
