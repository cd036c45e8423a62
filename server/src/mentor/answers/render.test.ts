import { describe, expect, it } from 'vitest';
import type { Figure, Figures } from '@partak/domain/figures';
import { figureYear, renderAnswer, wordCount } from './render.ts';

const figures: Figures = {
  'vat-registration-threshold': {
    value: 2_000_000,
    kind: 'czk',
    label: 'Obrat pro DPH',
    source: 'https://www.zakonyprolidi.cz/cs/2004-235',
    checkedOn: '2026-11-22',
  },
  'pausalni-dan-band-1-2026': {
    value: 9984,
    kind: 'czk',
    label: 'První pásmo',
    source: 'https://www.financnisprava.cz/',
    checkedOn: '2025-12-01',
  },
  'income-tax-return-deadline-paper-2027': {
    value: '2027-04-01',
    kind: 'date',
    label: 'Přiznání na papíře',
    source: 'https://www.zakonyprolidi.cz/cs/2009-280',
    checkedOn: '2026-11-26',
  },
};
const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('renderAnswer', () => {
  it('writes every figure out from figures.json in the reader’s format, with the year it holds for', () => {
    const text =
      'Hranice je {{figure:vat-registration-threshold}} (stav {{year:vat-registration-threshold}}).';
    expect(nbsp(renderAnswer(text, { figures, language: 'cs' }))).toBe(
      'Hranice je 2 000 000 Kč (stav 2026).',
    );
    expect(nbsp(renderAnswer(text, { figures, language: 'en' }))).toBe(
      'Hranice je CZK 2,000,000 (stav 2026).',
    );
    expect(renderAnswer('{{year:pausalni-dan-band-1-2026}}', { figures, language: 'cs' })).toBe(
      '2026',
    );
    expect(
      nbsp(
        renderAnswer('{{figure:income-tax-return-deadline-paper-2027}}', {
          figures,
          language: 'cs',
        }),
      ),
    ).toBe('1. dubna 2027');
  });

  it('keeps a slot’s section only when the conversation named it, and fills it in', () => {
    const text =
      '{{#trade}}{{trade.as}} počítej i s úpravami. {{/trade}}{{^trade}}Počítej i s úpravami. {{/trade}}Pak to vyděl hodinami.';
    const trade = { kind: 'creative' as const, as: 'jako grafička', for: 'pro grafičku' };
    expect(renderAnswer(text, { figures, language: 'cs', slots: { trade } })).toBe(
      'Jako grafička počítej i s úpravami. Pak to vyděl hodinami.',
    );
    expect(renderAnswer(text, { figures, language: 'cs' })).toBe(
      'Počítej i s úpravami. Pak to vyděl hodinami.',
    );
  });

  it('compares an amount the person named with a figure', () => {
    const text =
      '{{#turnover>=vat-registration-threshold}}S obratem {{turnover}} už jsi nad hranicí.{{/turnover}}{{#turnover<vat-registration-threshold}}S obratem {{turnover}} jsi pod hranicí.{{/turnover}}';
    expect(
      nbsp(renderAnswer(text, { figures, language: 'cs', slots: { turnover: 2_500_000 } })),
    ).toBe('S obratem 2 500 000 Kč už jsi nad hranicí.');
    expect(
      nbsp(renderAnswer(text, { figures, language: 'cs', slots: { turnover: 1_800_000 } })),
    ).toBe('S obratem 1 800 000 Kč jsi pod hranicí.');
    expect(renderAnswer(text, { figures, language: 'cs' })).toBe('');
  });

  it('refuses an unknown figure, an unknown placeholder and a slot outside its section', () => {
    expect(() => renderAnswer('{{figure:nope}}', { figures, language: 'cs' })).toThrow(/nope/);
    expect(() => renderAnswer('{{whatever}}', { figures, language: 'cs' })).toThrow(/whatever/);
    expect(() => renderAnswer('{{trade.as}}', { figures, language: 'cs' })).toThrow(/trade/);
  });
});

describe('figureYear and wordCount', () => {
  it('takes the year from the id, a date, or the last check', () => {
    const year = (id: string, as = id) => figureYear(as, figures[id] as Figure);
    expect(year('pausalni-dan-band-1-2026')).toBe('2026');
    expect(year('income-tax-return-deadline-paper-2027', 'x')).toBe('2027');
    expect(year('vat-registration-threshold')).toBe('2026');
  });

  it('counts words as a reader does, a link by its text', () => {
    expect(wordCount('Víc v článku [Fakturace a placení](/library/a/b).\n\n- jedna - dvě')).toBe(8);
  });
});

describe('renderAnswer with what the business profile tells', () => {
  const slots = {
    regime: { id: 'pausalni-dan-1', text: 'na paušální dani v 1. pásmu' },
    region: { id: 'praha', text: 'v Praze' },
    hours: 25,
  };
  const render = (text: string, values = {}) =>
    nbsp(renderAnswer(text, { figures, language: 'cs', slots: values }));

  it('keeps the section for the value named, or one it refines, and drops the others', () => {
    const text =
      '{{#regime=pausalni-dan}}Paušál.{{/regime}}{{#regime=pausalni-dan-2}} Druhé.{{/regime}}{{#regime=flat-rate-expenses|real-expenses}}Běžný.{{/regime}}{{^regime=pausalni-dan}}Jinak.{{/regime}}';
    expect(render(text, slots)).toBe('Paušál.');
    expect(render(text, { regime: { id: 'real-expenses', text: '' } })).toBe('Běžný.Jinak.');
    expect(render(text, {})).toBe('Jinak.');
  });

  it('decides nested sections of different slots, outer first', () => {
    const text = '{{^regime}}{{^legalForm=sro}}Obecně.{{/legalForm}}{{/regime}}';
    expect(render(text, {})).toBe('Obecně.');
    expect(render(text, { legalForm: { id: 'sro', text: 'se s. r. o.' } })).toBe('');
    expect(render(text, slots)).toBe('');
  });

  it('writes the profile’s phrases and hours, capitalised at a sentence’s start', () => {
    expect(
      render('Konkurenci hledej {{region}}. {{regime}} platíš. {{hours}} h týdně.', slots),
    ).toBe('Konkurenci hledej v Praze. Na paušální dani v 1. pásmu platíš. 25 h týdně.');
    expect(() => render('{{region}}', {})).toThrow(/outside a \{\{#region\}\} section/);
  });

  it('names a trade of no kind `other`', () => {
    const text = '{{#trade=other}}A{{/trade}}{{#trade=creative}}B{{/trade}}';
    expect(render(text, { trade: { as: 'v oboru „x“', for: 'v oboru „x“' } })).toBe('A');
    expect(
      render(text, { trade: { kind: 'creative', as: 'jako grafik', for: 'pro grafika' } }),
    ).toBe('B');
  });
});
