import { describe, expect, it } from 'vitest';
import { checkedOn, formatFigure, renderFigures, type Figure, type Figures } from './figures.ts';

const figures: Figures = {
  threshold: {
    value: 2_000_000,
    kind: 'czk',
    label: 'Obrat pro DPH',
    source: 'https://www.financnisprava.cz/',
    checkedOn: '2026-11-22',
  },
  rate: {
    value: 21,
    kind: 'percent',
    label: 'Sazba',
    source: 'https://x.cz/',
    checkedOn: '2026-10-01',
  },
  days: {
    value: 10,
    kind: 'number',
    label: 'Dny',
    source: 'https://x.cz/',
    checkedOn: '2026-11-01',
  },
  deadline: {
    value: '2026-05-04',
    kind: 'date',
    label: 'Termín',
    source: 'https://x.cz/',
    checkedOn: '2026-11-01',
  },
};

describe('figures', () => {
  it('are written the way each language writes amounts, rates, counts and dates', () => {
    const nbsp = /[\u00a0\u202f]/g;
    const shown = (id: string, language: 'cs' | 'en' | 'de' | 'es') =>
      formatFigure(figures[id] as Figure, language).replace(nbsp, ' ');
    expect(shown('threshold', 'cs')).toBe('2 000 000 Kč');
    expect(shown('threshold', 'en')).toBe('CZK 2,000,000');
    expect(shown('threshold', 'de')).toBe('2.000.000 CZK');
    expect(shown('rate', 'cs')).toBe('21 %');
    expect(shown('rate', 'en')).toBe('21%');
    expect(shown('days', 'cs')).toBe('10');
    expect(shown('deadline', 'cs')).toBe('4. května 2026');
    expect(shown('deadline', 'en')).toBe('May 4, 2026');
  });

  it('are filled into a text, and an unknown one is refused', () => {
    expect(
      renderFigures('Nad {{figure:threshold}} a do {{figure:days}} dnů.', figures, 'cs'),
    ).toMatch(/^Nad 2\s000\s000\sKč a do 10 dnů\.$/);
    expect(() => renderFigures('{{figure:nope}}', figures, 'cs')).toThrow(/nope/);
  });

  it('give a text the date of its oldest check', () => {
    expect(checkedOn('{{figure:threshold}} {{figure:rate}}', figures)).toBe('2026-10-01');
    expect(checkedOn('nic', figures)).toBeUndefined();
  });
});
