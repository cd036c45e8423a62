/**
 * Czech public holidays and working days, for moving deadlines that fall on a day off.
 *
 * Holidays: zákon č. 245/2000 Sb., o státních svátcích, o ostatních svátcích, o významných dnech
 * a o dnech pracovního klidu — https://www.zakonyprolidi.cz/cs/2000-245 (§ 1 státní svátky,
 * § 2 ostatní svátky incl. Velký pátek and Velikonoční pondělí). The list is computed for any
 * year; only Easter moves, and it is computed with the Anonymous Gregorian algorithm.
 *
 * Dates are ISO `YYYY-MM-DD` strings read as UTC days; no time zone is in play.
 */

const DAY_MS = 86_400_000;

/** Fixed holidays as `MM-DD` (§ 1 and § 2 of zákon č. 245/2000 Sb.). */
const FIXED_HOLIDAYS = [
  '01-01',
  '05-01',
  '05-08',
  '07-05',
  '07-06',
  '09-28',
  '10-28',
  '11-17',
  '12-24',
  '12-25',
  '12-26',
] as const;

function toDay(iso: string): number {
  return Date.parse(`${iso}T00:00:00Z`);
}

function fromDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** `iso` shifted by `days` calendar days. */
export function addDays(iso: string, days: number): string {
  return fromDay(toDay(iso) + days * DAY_MS);
}

/** Easter Sunday of a Gregorian year (Anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Every Czech public holiday of `year`, sorted, as ISO dates. */
export function czechHolidays(year: number): string[] {
  const easter = easterSunday(year);
  const prefix = String(year).padStart(4, '0');
  const movable = [addDays(easter, -2), addDays(easter, 1)];
  return [...FIXED_HOLIDAYS.map((day) => `${prefix}-${day}`), ...movable].sort();
}

/** Whether `iso` is a Czech public holiday. */
export function isHoliday(iso: string): boolean {
  return czechHolidays(Number(iso.slice(0, 4))).includes(iso);
}

/** Monday to Friday and not a public holiday. */
export function isWorkingDay(iso: string): boolean {
  const weekday = new Date(toDay(iso)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isHoliday(iso);
}

/**
 * `iso` itself if it is a working day, else the next working day: a tax deadline ending on a
 * weekend or holiday ends on the next working day (§ 33 odst. 4 zákona č. 280/2009 Sb., daňový
 * řád — https://www.zakonyprolidi.cz/cs/2009-280#p33).
 */
export function nextWorkingDay(iso: string): string {
  let day = iso;
  while (!isWorkingDay(day)) day = addDays(day, 1);
  return day;
}

/** The working day `count` working days after `iso` (0: `iso` moved to a working day). */
export function addWorkingDays(iso: string, count: number): string {
  let day = nextWorkingDay(iso);
  for (let left = count; left > 0; left--) day = nextWorkingDay(addDays(day, 1));
  return day;
}
