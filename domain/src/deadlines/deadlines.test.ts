import { describe, expect, it } from 'vitest';
import type { Figure, Figures } from '../figures.ts';
import { deadlinesFor, type DeadlineProfile } from './deadlines.ts';

function day(value: number, source: string): Figure {
  return { value, kind: 'number', label: 'den', source, checkedOn: '2026-11-26' };
}

// The values of content/library/figures.json, with their sources.
const figures: Figures = {
  'pausalni-dan-payment-due-day': day(20, 'https://www.financnisprava.cz/pausalni-dan'),
  'health-advance-due-day': day(8, 'https://www.zakonyprolidi.cz/cs/1992-592#p5'),
  'pausalni-rezim-notice-day': day(10, 'https://www.financnisprava.cz/oznameni'),
  'vat-return-deadline-day': day(25, 'https://www.zakonyprolidi.cz/cs/2004-235#p101'),
};

const main: DeadlineProfile = {
  legalForm: 'zivnost-main',
  taxRegime: 'flat-rate-expenses',
  vat: 'none',
  hasDataBox: true,
  usesTaxAdviser: false,
};

function list(profile: DeadlineProfile, from: string, to: string): string[] {
  return deadlinesFor(profile, { from, to }, figures).map((d) => `${d.id} ${d.date}`);
}

describe('deadlinesFor: monthly advances', () => {
  it('pays December advances in January and moves a Sunday to Monday', () => {
    expect(list(main, '2027-01-01', '2027-02-01')).toEqual([
      'health-advance-2026-12 2027-01-08',
      'social-advance-2027-01 2027-02-01',
    ]);
  });

  it('pays the paušální daň by the 20th and sends the January notice by 10 January', () => {
    const pausal = { ...main, taxRegime: 'pausalni-dan' as const };
    expect(list(pausal, '2027-01-01', '2027-01-31')).toEqual([
      'pausal-notice-2027 2027-01-11',
      'pausalni-dan-2027-01 2027-01-20',
    ]);
  });

  it('gives a side business advances only over the limit', () => {
    const side = { ...main, legalForm: 'zivnost-side' as const };
    expect(list(side, '2027-01-01', '2027-02-01')).toEqual([]);
    expect(list({ ...side, sideBusinessPaysAdvances: true }, '2027-01-01', '2027-02-01')).toEqual([
      'health-advance-2026-12 2027-01-08',
      'social-advance-2027-01 2027-02-01',
    ]);
  });

  it('has nothing for someone not yet in business', () => {
    expect(list({ ...main, legalForm: 'not-yet' }, '2026-01-01', '2027-12-31')).toEqual([]);
  });
});

describe('deadlinesFor: the yearly return and overviews', () => {
  const spring = (profile: DeadlineProfile) =>
    deadlinesFor(profile, { from: '2027-03-01', to: '2027-08-31' }, figures)
      .filter((d) => d.kind.endsWith('overview') || d.kind === 'tax-return')
      .map((d) => `${d.id} ${d.date}`);

  it('files electronically with a data box: 1 May 2027 is a Saturday → 3 May', () => {
    expect(spring(main)).toEqual([
      'tax-return-2026 2027-05-03',
      'health-overview-2026 2027-06-03',
      'social-overview-2026 2027-06-03',
    ]);
  });

  it('files on paper by 1 April without a data box, by 1 July with an adviser', () => {
    expect(spring({ ...main, hasDataBox: false })[0]).toBe('tax-return-2026 2027-04-01');
    expect(spring({ ...main, usesTaxAdviser: true })).toEqual([
      'tax-return-2026 2027-07-01',
      'health-overview-2026 2027-08-02',
      'social-overview-2026 2027-08-02',
    ]);
  });

  it('gives the paušální daň no return and no overviews', () => {
    expect(spring({ ...main, taxRegime: 'pausalni-dan' })).toEqual([]);
  });

  it('names the law each deadline follows', () => {
    const [taxReturn] = deadlinesFor(main, { from: '2027-05-01', to: '2027-05-05' }, figures);
    expect(taxReturn?.law).toBe('https://www.zakonyprolidi.cz/cs/2009-280#p136');
  });
});

describe('deadlinesFor: VAT', () => {
  const vatOnly = (profile: DeadlineProfile) =>
    list(profile, '2027-01-01', '2027-01-31').filter((d) => /^(vat|control)/.test(d));

  it('files a monthly return and control statement by the 25th of the next month', () => {
    expect(vatOnly({ ...main, vat: 'monthly' })).toEqual([
      'control-statement-2026-12 2027-01-25',
      'vat-return-2026-12 2027-01-25',
    ]);
  });

  it('files a quarterly payer’s return after the quarter only', () => {
    expect(vatOnly({ ...main, vat: 'quarterly' })).toEqual([
      'control-statement-2026-Q4 2027-01-25',
      'vat-return-2026-Q4 2027-01-25',
    ]);
    expect(list({ ...main, vat: 'quarterly' }, '2027-02-01', '2027-03-31')).not.toContain(
      'vat-return-2027-01 2027-02-25',
    );
  });

  it('gives an s. r. o. a monthly control statement and no advances or overviews', () => {
    const sro: DeadlineProfile = { ...main, legalForm: 'sro', taxRegime: 'real-expenses' };
    expect(list({ ...sro, vat: 'quarterly' }, '2027-02-01', '2027-02-28')).toEqual([
      'control-statement-2027-01 2027-02-25',
    ]);
    expect(list(sro, '2027-03-01', '2027-08-31')).toEqual(['tax-return-2026 2027-05-03']);
  });
});
