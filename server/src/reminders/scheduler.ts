import { runDueDeadlineReminders } from './deadline-reminders.ts';
import { claimDueDeviceReminders } from './device-reminders-repository.ts';
import { claimDueReminders } from './reminders-repository.ts';
import { sendDeviceReminder, sendReminder, type ReminderContext } from './send-reminder.ts';

/** Reminders claimed per transaction: small, so one slow push service holds few rows. */
const BATCH = 25;

/**
 * Sends every reminder due at `now`, batch by batch, and returns how many were sent. Each is
 * claimed (and moved to next week) before it is sent, by exactly one instance (reminders-
 * repository.ts), so several instances may run this at the same moment.
 */
export async function runDueReminders(context: ReminderContext, now: Date): Promise<number> {
  const accounts = await sendClaimed(
    context,
    () => claimDueReminders(context.db, now, BATCH),
    (row) => sendReminder(context, row),
  );
  const devices = await sendClaimed(
    context,
    () => claimDueDeviceReminders(context.db, now, BATCH),
    (row) => sendDeviceReminder(context, row),
  );
  return accounts + devices;
}

/** Claims batch after batch until fewer than a batch are due, sending each claimed reminder. */
async function sendClaimed<Row>(
  context: ReminderContext,
  claim: () => Promise<Row[]>,
  send: (row: Row) => Promise<unknown>,
): Promise<number> {
  let sent = 0;
  for (;;) {
    const due = await claim();
    for (const row of due) {
      try {
        await send(row);
        sent += 1;
      } catch (error) {
        context.log.warn({ err: error }, 'reminders: a reminder could not be sent');
      }
    }
    if (due.length < BATCH) return sent;
  }
}

/**
 * Looks for due reminders every `intervalMs` (a minute: reminders go on the hour). Nothing is
 * kept in memory: what is due lives in the database, so a restart (or a deploy) sends what came
 * due meanwhile on its first look, once. Runs never overlap; stop() waits for the current one.
 */
export function startReminderScheduler(context: ReminderContext, intervalMs = 60_000) {
  let running: Promise<void> | undefined;
  // Deadline reminders are looked for once an hour (they go from the user's reminder hour on);
  // what was sent is kept in the database, so this is only a throttle, never a source of truth.
  let deadlinesHour = -1;
  const look = () => {
    const now = new Date();
    const hour = Math.floor(now.getTime() / 3_600_000);
    running ??= runDueReminders(context, now)
      .then(async () => {
        if (hour === deadlinesHour) return;
        deadlinesHour = hour;
        await runDueDeadlineReminders(context, now);
      })
      .catch((error: unknown) => context.log.warn({ err: error }, 'reminders: a look failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(look, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
