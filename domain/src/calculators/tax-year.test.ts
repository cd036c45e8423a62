import { describe, expect, it } from 'vitest';
import type { Figures } from '../figures.ts';
import { taxYear } from './tax-year.ts';
import { figures, year2026 } from './test-figures.ts';

describe('a tax year read from figures.json', () => {
  it('knows 2026 and nothing before it or after the newest year with figures', () => {
    expect(year2026().year).toBe(2026);
    expect(taxYear(figures, 2025)).toBeUndefined();
    expect(taxYear(figures, 2027)).toBeUndefined();
    expect(taxYear(figures, 2026.5)).toBeUndefined();
    expect(taxYear(figures, Number.NaN)).toBeUndefined();
  });

  it('names every figure it read, each of them in figures.json and none of them pending', () => {
    const { figureIds } = year2026();
    expect(figureIds).toContain('osvc-min-social-base-main-2026');
    expect(figureIds).toContain('health-insurance-rate');
    for (const id of figureIds) {
      expect(figures[id], id).toBeDefined();
      expect(figures[id]?.pending, id).toBeUndefined();
    }
    expect(figureIds.some((id) => id.endsWith('-proposed'))).toBe(false);
  });

  it('reads a rate the law changes for one year from its year-suffixed id first', () => {
    const plain = figures['health-insurance-rate'];
    if (!plain) throw new Error('figures.json lacks health-insurance-rate');
    const changed: Figures = { ...figures, 'health-insurance-rate-2026': { ...plain, value: 14 } };
    const year = taxYear(changed, 2026);
    expect(year?.healthRate).toBe(0.14);
    expect(year?.figureIds).toContain('health-insurance-rate-2026');
    expect(year?.figureIds).not.toContain('health-insurance-rate');
  });

  it('refuses a year whose figure is only a pending bill', () => {
    const real = figures['osvc-min-social-base-main-2026'];
    if (!real) throw new Error('figures.json lacks osvc-min-social-base-main-2026');
    const pendingOnly: Figures = {
      ...figures,
      'osvc-min-social-base-main-2026': { ...real, pending: 'a bill, not yet law' },
    };
    expect(taxYear(pendingOnly, 2026)).toBeUndefined();
  });

  it('supports a new year as soon as all of its year-bound figures are there', () => {
    const next: Figures = { ...figures };
    for (const [id, figure] of Object.entries(figures)) {
      if (id.endsWith('-2026') && !id.startsWith('income-tax-return')) {
        next[id.replace(/-2026$/, '-2027')] = figure;
      }
    }
    expect(taxYear(next, 2027)?.year).toBe(2027);
  });
});
