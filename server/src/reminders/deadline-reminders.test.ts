import { beforeAll, describe, expect, it } from 'vitest';
import { parseReminderPayload } from '@partak/domain/reminder-payload';
import { databaseKinds } from '../../test/databases.ts';
import { apiUser, useDataApi, type ApiUser } from '../../test/data-api.ts';
import type { PushService } from '../../test/push-service.ts';
import { useReminderService } from '../../test/reminder-service.ts';
import type { SmtpCapture } from '../../test/smtp-capture.ts';
import { runDueDeadlineReminders } from './deadline-reminders.ts';
import type { ReminderContext } from './send-reminder.ts';

const MONDAY_NINE = { weekday: 1, hour: 9, timeZone: 'Europe/Prague' };
const PAUSAL = { legalForm: 'zivnost-main', taxRegime: 'pausalni-dan', pausalBand: 1 };
const FLAT_RATE = { legalForm: 'zivnost-main', taxRegime: 'flat-rate-expenses' };

describe.each(databaseKinds())('deadline reminders on $name', ({ open }) => {
  const data = useDataApi(open, { pushServiceHosts: ['127.0.0.1'] });
  const service = useReminderService(data);
  let push: PushService;
  let smtp: SmtpCapture;
  let context: ReminderContext;
  beforeAll(() => {
    ({ push, smtp, context } = service);
  });

  /** A user with reminders on (push and e-mail), one device, a language and a profile. */
  async function founder(name: string, profile: object, language = 'cs') {
    const user = await apiUser(data.t, name);
    await user.call('PATCH', '/settings', { language });
    await user.call('PUT', '/reminders', { ...MONDAY_NINE, push: true, email: true });
    const device = push.subscribe();
    await user.call('POST', '/push-subscriptions', device.subscription);
    expect((await user.call('PUT', '/business-profile', { profile })).statusCode).toBeLessThan(300);
    return { user, device: device.id };
  }

  const pushesTo = (device: string) =>
    push.received
      .filter((item) => item.id === device)
      .map((item) => parseReminderPayload(item.text));
  const mailsTo = (user: ApiUser) => smtp.mails.filter((mail) => mail.to.includes(user.email));

  it('announces tomorrow’s flat tax once, by push and e-mail, in Czech', async () => {
    const { user, device } = await founder('pausal', PAUSAL);
    // Sunday 20 December 2026, 10:00 in Prague: the flat tax moved to Monday the 21st is tomorrow.
    const now = new Date('2026-12-20T09:00:00Z');
    expect(await runDueDeadlineReminders(context, now)).toBeGreaterThanOrEqual(1);
    expect(pushesTo(device)).toEqual([
      {
        title: 'Zítra máš termín',
        body: 'Paušální daň za prosinec 2026 – do 21. 12. 2026.',
        tag: 'deadline-pausalni-dan-2026-12',
        url: '/',
      },
    ]);
    const mail = await smtp.waitFor(user.email);
    expect(mail.subject).toBe('Blíží se termín: Paušální daň za prosinec 2026');
    expect(mail.text).toContain('Paušální daň za prosinec 2026 – termín je 21. 12. 2026.');
    expect(mail.text).toContain(`${data.t.config.siteUrl}/`);
    expect(mail.text).toMatch(/\/pripominky\/odhlasit\?token=[\w.%-]+/);

    // Remembered: the next looks that day send nothing again.
    await runDueDeadlineReminders(context, now);
    await runDueDeadlineReminders(context, new Date('2026-12-20T15:00:00Z'));
    expect(pushesTo(device)).toHaveLength(1);
    expect(mailsTo(user)).toHaveLength(1);
  });

  it('announces a deadline once when two looks run at the same moment', async () => {
    const { user, device } = await founder('twice', PAUSAL);
    const now = new Date('2026-12-20T09:30:00Z');
    await Promise.all([
      runDueDeadlineReminders(context, now),
      runDueDeadlineReminders(context, now),
    ]);
    expect(pushesTo(device)).toHaveLength(1);
    await smtp.waitFor(user.email);
    expect(mailsTo(user)).toHaveLength(1);
  });

  it('waits for the user’s reminder hour in their time zone', async () => {
    const { device } = await founder('hour', PAUSAL);
    // 08:30 in Prague, before the 9 o'clock the user chose.
    await runDueDeadlineReminders(context, new Date('2026-12-20T07:30:00Z'));
    expect(pushesTo(device)).toEqual([]);
    await runDueDeadlineReminders(context, new Date('2026-12-20T08:00:00Z'));
    expect(pushesTo(device)).toHaveLength(1);
  });

  it('announces the return three days ahead, a monthly advance only the day before', async () => {
    const { device } = await founder('return', FLAT_RATE);
    // Thursday 29 April 2027: the April social advance is tomorrow; the return (3 May) in 4 days.
    await runDueDeadlineReminders(context, new Date('2027-04-29T10:00:00Z'));
    expect(pushesTo(device).map((payload) => payload?.tag)).toEqual([
      'deadline-social-advance-2027-04',
    ]);
    // Friday 30 April: the return, filed electronically by Monday 3 May, is 3 days away.
    await runDueDeadlineReminders(context, new Date('2027-04-30T10:00:00Z'));
    expect(pushesTo(device).slice(1)).toEqual([
      {
        title: 'Za 3 dny máš termín',
        body: 'Daňové přiznání za rok 2026 – do 3. 5. 2027.',
        tag: 'deadline-tax-return-2026',
        url: '/',
      },
    ]);
  });

  it('writes in the user’s language', async () => {
    const { user, device } = await founder('english', PAUSAL, 'en');
    await runDueDeadlineReminders(context, new Date('2026-12-20T09:00:00Z'));
    expect(pushesTo(device)[0]).toMatchObject({ title: 'A deadline tomorrow' });
    const mail = await smtp.waitFor(user.email);
    expect(mail.subject).toBe('Deadline coming up: Flat tax (paušální daň) for December 2026');
  });

  it('sends nothing while notifications are off, and nothing without a profile', async () => {
    const { user, device } = await founder('muted', PAUSAL);
    await user.call('PATCH', '/settings', { notifications: false });
    const bare = await apiUser(data.t, 'bare');
    await bare.call('PUT', '/reminders', { ...MONDAY_NINE, push: false, email: true });
    await runDueDeadlineReminders(context, new Date('2026-12-20T09:00:00Z'));
    expect(pushesTo(device)).toEqual([]);
    expect(mailsTo(user)).toEqual([]);
    expect(mailsTo(bare)).toEqual([]);
  });
});
