import figuresJson from '../../../content/library/figures.json' with { type: 'json' };
import type { Figures } from '../figures.ts';
import { taxYear, type TaxYear } from './tax-year.ts';
import type { CalcResult } from './types.ts';

/* Shared by the calculators' tests: the real figures.json and 2026's rates read from it. */

export const figures = figuresJson as Figures;

export function year2026(): TaxYear {
  const found = taxYear(figures, 2026);
  if (!found) throw new Error('figures.json lacks 2026');
  return found;
}

/** The value of a result that must be ok (fails the test with the problems otherwise). */
export function value<T>(result: CalcResult<T>): T {
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result.value;
}
