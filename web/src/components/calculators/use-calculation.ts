import { use, useMemo } from 'react';
import { CALCULATORS } from '@partak/domain/calculators/index';
import { taxYear } from '@partak/domain/calculators/tax-year';
import type { CalcResult, CalculatorId, Problem } from '@partak/domain/calculators/types';
import type { Figures } from '@partak/domain/figures';
import { loadFigures } from '@/lib/content-loader.ts';
import { inputOf, type Values } from './calculator-fields.ts';

/** The newest year up to this one that figures.json has every rate for (last year's in January). */
export function yearToUse(figures: Figures, now: Date): { year: number; current: boolean } {
  const thisYear = now.getFullYear();
  for (let year = thisYear; year >= thisYear - 2; year--) {
    if (taxYear(figures, year)) return { year, current: year === thisYear };
  }
  return { year: thisYear, current: true };
}

export interface Calculation {
  result: CalcResult<unknown>;
  year: number;
  /** False when this year's rates are not in yet and last year's are shown. */
  current: boolean;
  figures: Figures;
  /** The problems of each form field, by the field's name. */
  problems: Record<string, Problem['code']>;
}

/** The calculator run on the form's values (suspends until figures.json has loaded). */
export function useCalculation(id: CalculatorId, values: Values, now = new Date()): Calculation {
  const figures = use(loadFigures());
  const today = now.toISOString().slice(0, 10);
  const { year, current } = yearToUse(figures, now);
  return useMemo(() => {
    const calculate = CALCULATORS[id] as (input: unknown, figures: Figures) => CalcResult<unknown>;
    const result = calculate(inputOf(id, values, year, today), figures);
    const problems: Record<string, Problem['code']> = {};
    if (!result.ok) {
      for (const problem of result.problems) {
        // `monthlyTurnover.0` is the form's one turnover field; `regime.band` is the regime.
        const field = problem.field.startsWith('monthlyTurnover')
          ? 'turnover'
          : problem.field.split('.')[0];
        problems[field ?? problem.field] ??= problem.code;
      }
    }
    return { result, year, current, figures, problems };
  }, [id, values, year, today, figures, current]);
}
