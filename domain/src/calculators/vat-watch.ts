import type { Figures } from '../figures.ts';
import { addDays, addWorkingDays } from '../deadlines/czech-holidays.ts';
import { taxYear, type TaxYear } from './tax-year.ts';
import type { CalcResult, VatStatus, VatWatchInput, VatWatchResult } from './types.ts';
import { AMOUNT_MAX, Checks, NO_INPUT, notAnObject, refused, unsupportedYear } from './validate.ts';

/** From this share of the threshold on, the watch says the threshold is coming. */
export const VAT_APPROACHING_SHARE = 0.8;
export const VAT_WATCH_MONTHS = 12;

/** A real calendar day as YYYY-MM-DD (2026-02-30 is not one), else undefined. */
function isoDay(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value
    ? value
    : undefined;
}

function checkInput(input: VatWatchInput): Checks {
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
  if (input.asOf === undefined) checks.problems.push({ field: 'asOf', code: 'required' });
  else if (!isoDay(input.asOf)) checks.problems.push({ field: 'asOf', code: 'out_of_range' });
  return checks;
}

function statusOf(turnover: number, year: TaxYear): VatStatus {
  if (turnover > year.vatImmediateThreshold) return 'over-immediate';
  if (turnover > year.vatThreshold) return 'over-registration';
  return turnover >= year.vatThreshold * VAT_APPROACHING_SHARE ? 'approaching' : 'below';
}

/**
 * Turnover of the months entered (up to 12) against the VAT thresholds (§ 6 ZDPH). Passing
 * 2 000 000 Kč or 2 536 500 Kč, the registration is due within 10 working days of the day it was
 * passed (§ 94 odst. 1 as in force since 2025, z. 461/2024 Sb.: passed on 12 March, due on the
 * 26th); monthly figures do not tell the day, so `asOf` is taken as that day. Over 2 536 500 Kč
 * one is a payer from the next day, over 2 000 000 Kč from 1 January (see `payerFrom`).
 */
export function vatWatch(input: VatWatchInput, figures: Figures): CalcResult<VatWatchResult> {
  if (notAnObject(input)) return NO_INPUT;
  const checks = checkInput(input);
  const asOf = isoDay(input.asOf);
  if (!checks.ok || !asOf) return refused(checks);
  const yearNumber = Number(asOf.slice(0, 4));
  const year = taxYear(figures, yearNumber);
  if (!year) return unsupportedYear(yearNumber);

  const turnover = Math.round(input.monthlyTurnover.reduce((sum, amount) => sum + amount, 0));
  const threshold = year.vatThreshold;
  const status = statusOf(turnover, year);
  // The months of asOf's calendar year are the last `month` entries (oldest first).
  const month = Number(asOf.slice(5, 7));
  const calendarYearTurnover = Math.round(
    input.monthlyTurnover.slice(-month).reduce((sum, amount) => sum + amount, 0),
  );
  const payerFrom =
    calendarYearTurnover > year.vatImmediateThreshold
      ? addDays(asOf, 1)
      : calendarYearTurnover > threshold
        ? `${yearNumber + 1}-01-01`
        : undefined;
  const days = year.vatRegistrationWorkingDays;
  // The 10th working day after asOf: a period "from a day" starts on the next one (§ 33 DŘ).
  const over = status === 'over-immediate' || status === 'over-registration';
  const registrationDue = over ? addWorkingDays(addDays(asOf, 1), days - 1) : undefined;
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
      calendarYearTurnover,
      ...(payerFrom ? { payerFrom } : {}),
    },
  };
}
