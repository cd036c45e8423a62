import type { Figures } from '../figures.ts';
import { checkRegime } from './osvc-costs.ts';
import { taxYear } from './tax-year.ts';
import type { CalcResult, PutAsideInput, PutAsideResult } from './types.ts';
import { Checks, NO_INPUT, notAnObject, refused, unsupportedYear } from './validate.ts';
import { roundUp } from './rounding.ts';

/**
 * How much of one invoice to keep for the state: the invoice's share of profit taxed at the
 * basic rate and insured at the marginal rates (29.2 % of 55 % and 13.5 % of 50 %). On purpose
 * on the safe side: the taxpayer credit and the insurance minimums of a small year are not
 * counted against one invoice, so what is kept covers the yearly settlement (nedoplatek).
 * Real expenses: the invoice is taken as profit (the costs already paid from earlier income).
 */
export function putAside(input: PutAsideInput, figures: Figures): CalcResult<PutAsideResult> {
  if (notAnObject(input)) return NO_INPUT;
  const checks = new Checks();
  checks.amount('invoiceAmount', input.invoiceAmount, { max: 100_000_000 });
  checkRegime(checks, input.regime);
  checks.range('vatRate', input.vatRate, 0, 100, true);
  checks.oneOf('activity', input.activity, ['main', 'side'], true);
  checks.year('year', input.year);
  if (!checks.ok) return refused(checks);
  const year = taxYear(figures, input.year);
  if (!year) return unsupportedYear(input.year);

  const amount = input.invoiceAmount;
  const vatRate = input.vatRate ?? 0;
  // A price with VAT holds vat = price × rate ÷ (100 + rate) (§ 37 ZDPH).
  const vat = roundUp((amount * vatRate) / (100 + vatRate));
  const net = amount - vat;
  const sourced = { year: input.year, figureIds: year.figureIds };
  if (input.regime.kind === 'pausalni-dan') {
    const share = amount > 0 ? Math.round((vat / amount) * 1000) / 10 : 0;
    return {
      ok: true,
      value: {
        ...sourced,
        keep: vat,
        tax: 0,
        social: 0,
        health: 0,
        vat,
        share,
        coveredByPausal: true,
      },
    };
  }
  const profitShare =
    input.regime.kind === 'flat-rate-expenses' ? net * (1 - input.regime.percent / 100) : net;
  const tax = roundUp(profitShare * year.taxRateBasic);
  // A side business under the yearly limit pays no social insurance, but which side of it the
  // year ends on is unknown for one invoice: the safe side (paying) is kept, main or side alike.
  const social = roundUp(profitShare * year.socialShare * year.socialRate);
  const health = roundUp(profitShare * year.healthShare * year.healthRate);
  const keep = tax + social + health + vat;
  const share = amount > 0 ? Math.round((keep / amount) * 1000) / 10 : 0;
  return { ok: true, value: { ...sourced, keep, tax, social, health, vat, share } };
}
