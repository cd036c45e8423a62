/**
 * README — the calculators. Pure functions of an input and figures.json, one per file, each
 * answering `CalcResult` (never throwing on bad input): `hourly-rate.ts`, `pausal.ts`,
 * `put-aside.ts`, `vat-watch.ts`, `osvc-vs-sro.ts`. `tax-year.ts` reads one year's rates (a year
 * without its figures is `yearUnsupported`); `osvc-costs.ts` is a year's tax and insurance for an
 * OSVČ; `types.ts` is the contract the web app, the chat cards and the model's tools share.
 */
import type { Figures } from '../figures.ts';
import { hourlyRate } from './hourly-rate.ts';
import { osvcVsSro } from './osvc-vs-sro.ts';
import { comparePausal } from './pausal.ts';
import { putAside } from './put-aside.ts';
import type { CalcResult, CalculatorId } from './types.ts';
import { vatWatch } from './vat-watch.ts';

export { hourlyRate, comparePausal, putAside, vatWatch, osvcVsSro };

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
