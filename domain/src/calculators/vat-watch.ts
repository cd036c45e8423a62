import type { Figures } from '../figures.ts';
import { addDays, addWorkingDays } from '../deadlines/czech-holidays.ts';
import { taxYear } from './tax-year.ts';
import type { CalcResult, VatStatus, VatWatchInput, VatWatchResult } from './types.ts';
import { AMOUNT_MAX, Checks, refused, unsupportedYear } from './validate.ts';

/** From this share of the threshold on, the watch says the threshold is coming. */
export const VAT_APPROACHING_SHARE = 0.8;
export const VAT_WATCH_MONTHS = 12;

function firstOfNextMonth(iso: string): string {
  const [year, month] = iso.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
}

/**
 * Turnover of the last 12 months against the VAT thresholds (§ 6 ZDPH). Over 2 000 000 Kč the
 * registration is due within 10 working days after the month it was passed in (§ 94 odst. 1);
 * over 2 536 500 Kč one is a payer from the next day, and registers within 10 working days of
 * passing it. The month passed is taken to be the last one entered.
 */
export function vatWatch(input: VatWatchInput, figures: Figures): CalcResult<VatWatchResult> {
  const checks = new Checks();
  if (!Array.isArray(input.monthlyTurnover) || input.monthlyTurnover.length === 0) {
    checks.problems.push({ field: 'monthlyTurnover', code: 'required' });
  } else if (input.monthlyTurnover.length > VAT_WATCH_MONTHS) {
    checks.problems.push({ field: 'monthlyTurnover', code: 'too_large' });
  } else {
    input.monthlyTurnover.forEach((amount, i) =>
      checks.amount(`monthlyTurnover.${i}`, amount, { max: AMOUNT_MAX }),
    );
  }
  const asOf = /^\d{4}-\d{2}-\d{2}$/.test(input.asOf ?? '') ? input.asOf : undefined;
  if (!asOf || Number.isNaN(Date.parse(asOf)))
    checks.problems.push({ field: 'asOf', code: 'required' });
  if (!checks.ok || !asOf) return refused(checks);
  const yearNumber = Number(asOf.slice(0, 4));
  const year = taxYear(figures, yearNumber);
  if (!year) return unsupportedYear(yearNumber);

  const turnover = Math.round(input.monthlyTurnover.reduce((sum, amount) => sum + amount, 0));
  const threshold = year.vatThreshold;
  const status: VatStatus =
    turnover > year.vatImmediateThreshold
      ? 'over-immediate'
      : turnover > threshold
        ? 'over-registration'
        : turnover >= threshold * VAT_APPROACHING_SHARE
          ? 'approaching'
          : 'below';
  const days = year.vatRegistrationWorkingDays;
  const registrationDue =
    status === 'over-immediate'
      ? addWorkingDays(addDays(asOf, 1), days - 1)
      : status === 'over-registration'
        ? addWorkingDays(firstOfNextMonth(asOf), days - 1)
        : undefined;
  return {
    ok: true,
    value: {
      year: yearNumber,
      figureIds: year.figureIds,
      turnover,
      threshold,
      immediateThreshold: year.vatImmediateThreshold,
      percent: Math.round((turnover / threshold) * 1000) / 10,
      status,
      headroom: Math.max(0, threshold - turnover),
      ...(registrationDue ? { registrationDue } : {}),
    },
  };
}
