/**
 * README — the Czech calculators. Pure functions of an input and figures.json (never a clock, a
 * network or a global), one per file, each `(input, figures) => CalcResult` and never throwing:
 * bad input answers `{ ok: false, problems }` naming each field (`validate.ts`), a year without
 * its figures answers `{ ok: false, problems: [], yearUnsupported }`.
 *
 * - `hourly-rate.ts` hourlyRate: the smallest hourly rate that leaves the wanted net.
 * - `pausal.ts` comparePausal: paušální daň (lowest band § 2a ZDP allows) vs flat-rate vs real
 *   expenses, cheapest first.
 * - `put-aside.ts` putAside: what to keep of one invoice for tax, insurance and VAT.
 * - `vat-watch.ts` vatWatch: turnover against the VAT thresholds, with the registration day.
 * - `osvc-vs-sro.ts` osvcVsSro: an OSVČ against an s. r. o. paying all profit as dividend.
 *
 * Shared: `tax-year.ts` reads one year's rates (a year-suffixed id such as
 * `osvc-min-social-base-main-2026` for what changes yearly; a plain rate is read as `<id>-<year>`
 * first, then `<id>`; pending figures never; years before 2026 or without every figure are
 * unsupported). `osvc-costs.ts` is a year's income tax after the taxpayer credit, social and
 * health insurance of an OSVČ with the minimum bases, the maximum base and the side-business
 * rules. `rounding.ts` rounds as the law does (tax base down to hundreds, tax and insurance up to
 * whole crowns, withholding tax down). `types.ts` is the contract the web app, the chat cards and
 * the model's tools share: fields may be added, never renamed or removed.
 *
 * Left out everywhere, and said so where results are shown: voluntary sickness insurance, tax
 * credits other than the taxpayer's, the beginner's lower social minimum, partial years.
 */
import type { Figures } from '../figures.ts';
import { hourlyRate } from './hourly-rate.ts';
import { osvcVsSro } from './osvc-vs-sro.ts';
import { comparePausal } from './pausal.ts';
import { putAside } from './put-aside.ts';
import type { CalcResult, CalculatorId } from './types.ts';
import { vatWatch } from './vat-watch.ts';

export { hourlyRate, comparePausal, putAside, vatWatch, osvcVsSro };
export {
  billableHours,
  DEFAULT_HOLIDAY_WEEKS,
  DEFAULT_SICK_DAYS,
  HOURS_PER_DAY,
} from './hourly-rate.ts';
export { DEFAULT_FLAT_RATE } from './pausal.ts';
export { VAT_APPROACHING_SHARE, VAT_WATCH_MONTHS } from './vat-watch.ts';
export { FIRST_YEAR, taxYear, type TaxYear } from './tax-year.ts';
export { flatRateExpenses, incomeTax, lowestBand, yearlyCost } from './osvc-costs.ts';
export { AMOUNT_MAX } from './validate.ts';
export * from './types.ts';

/** Each calculator by its id, for callers that hold an id and an input of unknown shape. */
export const CALCULATORS: Record<
  CalculatorId,
  (input: never, figures: Figures) => CalcResult<unknown>
> = {
  'hourly-rate': hourlyRate,
  pausal: comparePausal,
  'put-aside': putAside,
  'vat-watch': vatWatch,
  'osvc-vs-sro': osvcVsSro,
};
