/**
 * What the page-speed bench reports: its columns (each figure also as a ratio to the baseline's)
 * and the budgets of docs/architecture.md#quality-budgets with PASS/FAIL.
 */
import type { PageFigures } from './types.ts';

export const BASELINE = 'baseline (React 19 hello)';

export interface Measured {
  /** The route, e.g. "/chat", or BASELINE. */
  page: string;
  figures: PageFigures;
}

export interface Column {
  title: string;
  value(figures: PageFigures): number;
  format(value: number): string;
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

export const COLUMNS: Column[] = [
  { title: 'Perf', value: (f) => f.performance, format: String },
  { title: 'A11y', value: (f) => f.accessibility, format: String },
  { title: 'BP', value: (f) => f.bestPractices, format: String },
  { title: 'FCP', value: (f) => f.fcp, format: seconds },
  { title: 'LCP', value: (f) => f.lcp, format: seconds },
  { title: 'TBT', value: (f) => f.tbt, format: (ms) => `${ms.toFixed(0)} ms` },
  { title: 'CLS', value: (f) => f.cls, format: (cls) => cls.toFixed(3) },
  { title: 'JS gz KB', value: (f) => f.js.gzip, format: kb },
  { title: 'JS br KB', value: (f) => f.js.brotli, format: kb },
  { title: 'CSS gz KB', value: (f) => f.css.gzip, format: kb },
  { title: 'CSS br KB', value: (f) => f.css.brotli, format: kb },
];

/** `value` as a multiple of the baseline's, or "—" when the baseline's is 0. */
export function ratio(value: number, baseline: number): string {
  return baseline > 0 && Number.isFinite(value) ? `${(value / baseline).toFixed(2)}×` : '—';
}

export interface Budget {
  text: string;
  pass: boolean;
  /** What is out of budget, or for LCP the figures that met it. */
  detail: string;
}

export function budgets(baseline: PageFigures, pages: Measured[]): Budget[] {
  const score = (text: string, minimum: number, pick: (f: PageFigures) => number): Budget => {
    const under = pages.filter(({ figures }) => pick(figures) < minimum);
    return {
      text,
      pass: under.length === 0,
      detail: under.map(({ page, figures }) => `${page} ${pick(figures)}`).join(', '),
    };
  };
  const lcpWithin = (text: string, factor: number, of: Measured[]): Budget => {
    const limit = factor * baseline.lcp;
    const over = of.filter(({ figures }) => figures.lcp > limit);
    const shown = (over.length > 0 ? over : of).map(
      ({ page, figures }) =>
        `${page} ${seconds(figures.lcp)} = ${ratio(figures.lcp, baseline.lcp)}`,
    );
    return {
      text,
      pass: over.length === 0,
      detail: `${shown.join(', ')} (limit ${seconds(limit)})`,
    };
  };
  return [
    score('performance ≥ 95 on every route', 95, (f) => f.performance),
    score('accessibility = 100 on every route', 100, (f) => f.accessibility),
    score('best practices = 100 on every route', 100, (f) => f.bestPractices),
    lcpWithin(
      'home LCP ≤ 1.3 × baseline LCP',
      1.3,
      pages.filter(({ page }) => page === '/'),
    ),
    lcpWithin('every main route LCP ≤ 1.0 × baseline LCP (the harder target)', 1.0, pages),
  ];
}

export function budgetLine(budget: Budget): string {
  const detail = budget.detail ? `: ${budget.detail}` : '';
  return `${budget.pass ? 'PASS' : 'FAIL'}  ${budget.text}${detail}`;
}
