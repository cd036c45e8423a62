import { readFile } from 'node:fs/promises';
import { deadlineProfileOf } from '@partak/domain/business-profile';
import { addDays } from '@partak/domain/deadlines/czech-holidays';
import { deadlinesFor, type Deadline, type DeadlineKind } from '@partak/domain/deadlines/deadlines';
import type { Figures } from '@partak/domain/figures';
import { LANGUAGE_LOCALES, languageOrDefault, type Language } from '@partak/domain/languages';
import { readFigures } from '@partak/domain/library-sources';
import { reminderPayloadText } from '@partak/domain/reminder-payload';
import { href, routes } from '@partak/domain/routes';
import { readSettings } from '../api/data/settings-repository.ts';
import { userEmail } from '../auth/users/users-repository.ts';
import { deadlineSummary } from '../calendar/deadline-texts.ts';
import { renderMail } from '../mail/templates.ts';
import {
  claimDeadlineReminder,
  deadlineReminderUsers,
  type DeadlineReminderUser,
} from './deadline-reminders-repository.ts';
import { deadlinePushText } from './reminder-texts.ts';
import { subscriptionsOf } from './reminders-repository.ts';
import { pushTo, type ReminderContext } from './send-reminder.ts';
import { unsubscribeToken } from './unsubscribe-links.ts';

/** Days ahead a deadline is announced: the yearly return and overviews 3, the rest the day before. */
const LEAD_DAYS: Partial<Record<DeadlineKind, number>> = {
  'tax-return': 3,
  'health-overview': 3,
  'social-overview': 3,
};
const MAX_LEAD = 3;

let figures: Promise<Figures> | undefined;
const LIBRARY = new URL('../../../content/library/', import.meta.url);
const loadFigures = () =>
  (figures ??= readFigures((path) => readFile(new URL(path, LIBRARY), 'utf8')));

/** The date and hour `now` is in `timeZone`. */
function localDayAndHour(now: Date, timeZone: string): { day: string; hour: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/**
 * Sends the deadline reminders due at `now` and returns how many deadlines were announced: for
 * each user with reminders on, from their reminder hour on in their time zone, each deadline of
 * their profile that falls tomorrow (or within 3 days for the yearly return and overviews),
 * once (deadline-reminders-repository.ts), by push and by e-mail as they chose.
 */
export async function runDueDeadlineReminders(
  context: ReminderContext,
  now: Date,
): Promise<number> {
  let sent = 0;
  const all = await loadFigures();
  for (const user of await deadlineReminderUsers(context.db)) {
    const local = localDayAndHour(now, user.timeZone);
    if (local.hour < user.hour) continue;
    const profile = deadlineProfileOf(user.profile);
    if (!profile) continue;
    const range = { from: addDays(local.day, 1), to: addDays(local.day, MAX_LEAD) };
    const due = deadlinesFor(profile, range, all).filter(
      (deadline) => daysBetween(local.day, deadline.date) <= (LEAD_DAYS[deadline.kind] ?? 1),
    );
    for (const deadline of due) {
      try {
        if (await sendDeadlineReminder(context, user, deadline, local.day)) sent += 1;
      } catch (error) {
        context.log.warn({ err: error }, 'reminders: a deadline reminder could not be sent');
      }
    }
  }
  return sent;
}

async function sendDeadlineReminder(
  context: ReminderContext,
  user: DeadlineReminderUser,
  deadline: Deadline,
  today: string,
): Promise<boolean> {
  const { db, siteUrl } = context;
  const settings = await readSettings(db, user.userId);
  // The app's notifications switch silences every reminder, deadlines too.
  if (!settings.notifications) return false;
  const email = await userEmail(db, user.userId);
  if (email === undefined) return false;
  if (!(await claimDeadlineReminder(db, user.userId, deadline.id))) return false;
  const language = languageOrDefault(settings.language ?? undefined);
  const days = daysBetween(today, deadline.date);
  const what = deadlineSummary(deadline, language);
  const date = formatDate(deadline.date, language);
  if (user.push) {
    const text = deadlinePushText(language, days, what, date);
    const payload = reminderPayloadText({
      ...text,
      tag: `deadline-${deadline.id}`,
      url: href('home'),
    });
    for (const subscription of await subscriptionsOf(db, user.userId)) {
      await pushTo(context, subscription, payload, 'deadline');
    }
  }
  if (user.email && email) {
    const token = unsubscribeToken(
      context.unsubscribeSecret,
      user.userId,
      user.unsubscribeGeneration,
    );
    const unsubscribe = `${siteUrl}${routes.unsubscribeReminders}?token=${encodeURIComponent(token)}`;
    await context.mailer.send(
      renderMail('deadline_reminder', language, email, `${siteUrl}${href('home')}`, {
        unsubscribe,
        what,
        date,
      }),
    );
  }
  return true;
}

/** "21. 12. 2026": the day in the reader's language (no weekday: Czech "do" would decline it). */
const formatDate = (date: string, language: Language) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString(LANGUAGE_LOCALES[language], {
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
