/**
 * README — the deadline calendar. What exists in `domain/src/deadlines/`:
 * - `czech-holidays.ts`: Czech public holidays for any year (Easter computed), `isWorkingDay`,
 *   `nextWorkingDay` (§ 33 odst. 4 daňového řádu), `addWorkingDays`.
 * - `deadlines.ts` (this file): `deadlinesFor(profile, range, figures)` — the deadlines of a
 *   founder's regime in a date range, each moved to a working day, with the law it follows.
 * Day-of-month rules come from `Figures` (content/library/figures.json); the month offsets of the
 * yearly return (§ 136 daňového řádu) and the "last day of the month" social advance are rules
 * of the law's wording, encoded below with their citation. Not modelled yet: the 8 days to pay
 * the balance after an overview, a paušál notice for people not yet in the regime, s. r. o.
 * payroll, VAT summary reports (souhrnné hlášení), a tax period other than the calendar year.
 * Overviews assume the return is filed on its last day: someone who files electronically by
 * 1 April owes the overviews a month after 1 April (ČSSZ practice), not after 1 May — open.
 */
import type { Figures } from '../figures.ts';
import { nextWorkingDay } from './czech-holidays.ts';

export type LegalForm = 'zivnost-main' | 'zivnost-side' | 'sro' | 'not-yet';
export type TaxRegime = 'pausalni-dan' | 'real-expenses' | 'flat-rate-expenses';
export type VatPeriod = 'none' | 'monthly' | 'quarterly';

export interface DeadlineProfile {
  legalForm: LegalForm;
  /** For an s. r. o. only `real-expenses` makes sense (corporate income tax). */
  taxRegime: TaxRegime;
  vat: VatPeriod;
  /** OSVČ have one automatically since 2023 (figure `data-box-automatic-since`). */
  hasDataBox: boolean;
  usesTaxAdviser: boolean;
  /** Side business: last year's profit was over the limit, so monthly advances are due. */
  sideBusinessPaysAdvances?: boolean;
}

export type DeadlineKind =
  | 'pausalni-dan'
  | 'health-advance'
  | 'social-advance'
  | 'tax-return'
  | 'health-overview'
  | 'social-overview'
  | 'pausal-notice'
  | 'vat-return'
  | 'control-statement';

export interface Deadline {
  /** Stable: kind and the period it is for, e.g. `health-advance-2026-12`. */
  id: string;
  kind: DeadlineKind;
  /** ISO date, already moved to the next working day. */
  date: string;
  /** The period it is for: `2026-12`, `2026-Q4` or `2026`. */
  period: string;
  /** The law (or authority page) the deadline follows. */
  law: string;
}

export interface DateRange {
  /** Inclusive ISO dates. */
  from: string;
  to: string;
}

const LAW = {
  socialAdvance: 'https://www.zakonyprolidi.cz/cs/1992-589#p14a',
  socialOverview: 'https://www.zakonyprolidi.cz/cs/1992-589#p15',
  healthOverview: 'https://www.zakonyprolidi.cz/cs/1992-592#p24',
  taxReturn: 'https://www.zakonyprolidi.cz/cs/2009-280#p136',
  controlStatement: 'https://www.zakonyprolidi.cz/cs/2004-235#p101e',
} as const;

/** § 136 odst. 1 and 2 daňového řádu: 3 months on paper, 4 electronically, 6 with an adviser. */
const RETURN_MONTH = { paper: 4, electronic: 5, adviser: 7 } as const;

function figure(figures: Figures, id: string): { value: number; source: string } {
  const found = figures[id];
  if (!found) throw new Error(`Missing figure ${id}`);
  return { value: Number(found.value), source: found.source };
}

function iso(year: number, month: number, day: number): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.toISOString().slice(0, 10);
}

function monthKey(year: number, month: number): string {
  return iso(year, month, 1).slice(0, 7);
}

/** The same day one month later (the last day if the month is shorter). */
function addOneMonth(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return iso(year, month + 1, Math.min(day, last));
}

function make(kind: DeadlineKind, period: string, due: string, law: string): Deadline {
  return { id: `${kind}-${period}`, kind, date: nextWorkingDay(due), period, law };
}

function monthly(profile: DeadlineProfile, figures: Figures, y: number, m: number): Deadline[] {
  const period = monthKey(y, m);
  const out: Deadline[] = [];
  const osvc = profile.legalForm === 'zivnost-main' || profile.legalForm === 'zivnost-side';
  if (osvc && profile.taxRegime === 'pausalni-dan') {
    const day = figure(figures, 'pausalni-dan-payment-due-day');
    out.push(make('pausalni-dan', period, iso(y, m, day.value), day.source));
  } else if (osvc && (profile.legalForm === 'zivnost-main' || profile.sideBusinessPaysAdvances)) {
    const day = figure(figures, 'health-advance-due-day');
    out.push(make('health-advance', period, iso(y, m + 1, day.value), day.source));
    out.push(make('social-advance', period, iso(y, m + 1, 0), LAW.socialAdvance));
  }
  const vatDay = figure(figures, 'vat-return-deadline-day');
  const quarterEnd = m % 3 === 0;
  if (profile.vat === 'monthly' || (profile.vat === 'quarterly' && quarterEnd)) {
    const vatPeriod = profile.vat === 'monthly' ? period : `${y}-Q${m / 3}`;
    out.push(make('vat-return', vatPeriod, iso(y, m + 1, vatDay.value), vatDay.source));
  }
  // A legal person files the control statement monthly even when its VAT period is a quarter.
  const monthlyStatement = profile.vat === 'monthly' || (profile.vat !== 'none' && !osvc);
  if (monthlyStatement || (profile.vat === 'quarterly' && quarterEnd)) {
    const statementPeriod = monthlyStatement ? period : `${y}-Q${m / 3}`;
    out.push(
      make('control-statement', statementPeriod, iso(y, m + 1, vatDay.value), LAW.controlStatement),
    );
  }
  return out;
}

function yearly(profile: DeadlineProfile, figures: Figures, year: number): Deadline[] {
  const period = String(year);
  const osvc = profile.legalForm !== 'sro';
  const out: Deadline[] = [];
  if (osvc && profile.taxRegime === 'pausalni-dan') {
    const day = figure(figures, 'pausalni-rezim-notice-day');
    out.push(make('pausal-notice', String(year + 1), iso(year + 1, 1, day.value), day.source));
    return out;
  }
  const mode = profile.usesTaxAdviser ? 'adviser' : profile.hasDataBox ? 'electronic' : 'paper';
  const taxReturn = make('tax-return', period, iso(year + 1, RETURN_MONTH[mode], 1), LAW.taxReturn);
  out.push(taxReturn);
  if (osvc) {
    // Within one month from the day the return was due (§ 15 z. 589/1992, § 24 z. 592/1992).
    const overview = addOneMonth(taxReturn.date);
    out.push(make('social-overview', period, overview, LAW.socialOverview));
    out.push(make('health-overview', period, overview, LAW.healthOverview));
  }
  return out;
}

/** Every deadline of `profile` whose (moved) date falls in `range`, sorted by date and id. */
export function deadlinesFor(
  profile: DeadlineProfile,
  range: DateRange,
  figures: Figures,
): Deadline[] {
  if (profile.legalForm === 'not-yet') return [];
  const first = Number(range.from.slice(0, 4)) - 1;
  const last = Number(range.to.slice(0, 4));
  const all: Deadline[] = [];
  for (let year = first; year <= last; year++) {
    all.push(...yearly(profile, figures, year));
    for (let month = 1; month <= 12; month++) all.push(...monthly(profile, figures, year, month));
  }
  return all
    .filter((deadline) => deadline.date >= range.from && deadline.date <= range.to)
    .sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id));
}
