import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ReminderState } from '@partak/domain/api/reminders';
import { parseReminderPayload } from '@partak/domain/reminder-payload';
import { pushSubscriptions, reminderSchedules } from '../db/schema/index.ts';
import { databaseKinds } from '../../test/databases.ts';
import { apiUser, useDataApi, type ApiUser } from '../../test/data-api.ts';
import type { PushService } from '../../test/push-service.ts';
import { useReminderService } from '../../test/reminder-service.ts';
import type { SmtpCapture } from '../../test/smtp-capture.ts';
import { runDueReminders } from './scheduler.ts';
import type { ReminderContext } from './send-reminder.ts';

const MONDAY_NINE = { weekday: 1, hour: 9, timeZone: 'Europe/Prague' };

describe.each(databaseKinds())('weekly review reminders on $name', ({ open }) => {
  const data = useDataApi(open, { pushServiceHosts: ['127.0.0.1'] });
  const service = useReminderService(data);
  let push: PushService;
  let smtp: SmtpCapture;
  let context: ReminderContext;
  beforeAll(() => {
    ({ push, smtp, context } = service);
  });

  /** When the user's next reminder is due, as the database has it. */
  const dueAt = async (user: ApiUser) => {
    const [row] = await data.t.database.db
      .select()
      .from(reminderSchedules)
      .where(eq(reminderSchedules.userId, user.id));
    if (!row?.nextSendAt) throw new Error('no reminder due');
    return row.nextSendAt;
  };

  it('keeps the choice, refuses a bad one, and counts the devices', async () => {
    const user = await apiUser(data.t, 'choice');
    expect((await user.call('GET', '/reminders')).json()).toEqual({
      weekday: 1,
      hour: 9,
      timeZone: 'Europe/Prague',
      push: false,
      email: false,
      pushDevices: 0,
    });
    for (const bad of [
      { ...MONDAY_NINE, push: true, email: false, weekday: 0 },
      { ...MONDAY_NINE, push: true, email: false, hour: 24 },
      { ...MONDAY_NINE, push: true, email: false, timeZone: 'Mars/Olympus' },
      { ...MONDAY_NINE, push: 'yes', email: false },
    ]) {
      const res = await user.call('PUT', '/reminders', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'validation_failed' });
    }
    const saved = await user.call('PUT', '/reminders', {
      weekday: 5,
      hour: 17,
      timeZone: 'Europe/Prague',
      push: true,
      email: false,
    });
    expect(saved.json()).toMatchObject({ weekday: 5, hour: 17, push: true, pushDevices: 0 });
    // Friday 17:00 in Prague, the next one after now.
    const next = await dueAt(user);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(
      next.toLocaleString('en-GB', { timeZone: 'Europe/Prague', weekday: 'long', hour: 'numeric' }),
    ).toBe('Friday, 17');

    const { subscription } = push.subscribe();
    expect((await user.call('POST', '/push-subscriptions', subscription)).statusCode).toBe(204);
    expect((await user.call('POST', '/push-subscriptions', subscription)).statusCode).toBe(204);
    expect((await user.call('GET', '/reminders')).json<ReminderState>().pushDevices).toBe(1);
    const elsewhere = { ...subscription, endpoint: 'https://internal.example.cz/push/1' };
    const refused = await user.call('POST', '/push-subscriptions', elsewhere);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error_code: 'push_service_unknown' });
    const malformed = {
      endpoint: subscription.endpoint,
      keys: { p256dh: 'not base64!', auth: 'x' },
    };
    expect((await user.call('POST', '/push-subscriptions', malformed)).statusCode).toBe(400);
    expect(
      (await user.call('DELETE', '/push-subscriptions', { endpoint: subscription.endpoint }))
        .statusCode,
    ).toBe(204);
    expect((await user.call('GET', '/reminders')).json<ReminderState>().pushDevices).toBe(0);
  });

  it('gives the browser the VAPID public key it subscribes with', async () => {
    const res = await data.t.app.inject({ url: '/api/v1/config' });
    expect(res.json()).toMatchObject({ vapidPublicKey: context.vapid.publicKey });
    expect(context.vapid.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it('sends a due reminder once: pushed (signed, encrypted) to each device and mailed', async () => {
    const user = await apiUser(data.t, 'due');
    await user.call('PATCH', '/settings', { language: 'cs' });
    await user.call('PUT', '/reminders', { ...MONDAY_NINE, push: true, email: true });
    const phone = push.subscribe();
    const laptop = push.subscribe();
    for (const { subscription } of [phone, laptop]) {
      await user.call('POST', '/push-subscriptions', subscription);
    }
    const due = await dueAt(user);
    const now = new Date(due.getTime() + 60_000);

    expect(await runDueReminders(context, now)).toBeGreaterThanOrEqual(1);
    const mine = push.received.filter((item) => [phone.id, laptop.id].includes(item.id));
    expect(mine).toHaveLength(2);
    expect(push.refused).toEqual([]);
    for (const item of mine) {
      expect(item.vapidKey).toBe(context.vapid.publicKey);
      expect(item.claims.aud).toBe(push.origin);
      expect(item.ttl).toBe(12 * 3600);
      expect(parseReminderPayload(item.text)).toEqual({
        title: 'Čas na týdenní ohlédnutí',
        body: 'Pět minut: co se povedlo, co drhlo a na co se zaměříš dál.',
        tag: 'weekly-review',
        url: '/review',
      });
    }
    const mail = await smtp.waitFor(user.email);
    expect(mail.subject).toBe('Čas na týdenní ohlédnutí');
    expect(mail.text).toContain(`${data.t.config.siteUrl}/review`);
    expect(mail.text).toMatch(/\/pripominky\/odhlasit\?token=[\w.%-]+/);

    // Claimed and moved a week on: the same moment sends nothing again.
    await runDueReminders(context, now);
    expect(push.received.filter((item) => item.id === phone.id)).toHaveLength(1);
    expect(smtp.mails.filter((item) => item.to.includes(user.email))).toHaveLength(1);
    expect((await dueAt(user)).getTime() - due.getTime()).toBe(7 * 86_400_000);
  });

  it('sends nothing while the notifications switch is off, and keeps the schedule', async () => {
    const user = await apiUser(data.t, 'muted');
    await user.call('PATCH', '/settings', { notifications: false });
    await user.call('PUT', '/reminders', { ...MONDAY_NINE, push: true, email: true });
    const { id, subscription } = push.subscribe();
    await user.call('POST', '/push-subscriptions', subscription);
    const due = await dueAt(user);
    await runDueReminders(context, new Date(due.getTime() + 1000));
    expect(push.received.filter((item) => item.id === id)).toEqual([]);
    expect(smtp.mails.filter((mail) => mail.to.includes(user.email))).toEqual([]);
    expect((await dueAt(user)).getTime()).toBeGreaterThan(due.getTime());
  });

  it('forgets a device whose push service says it is gone', async () => {
    const user = await apiUser(data.t, 'gone');
    await user.call('PUT', '/reminders', { ...MONDAY_NINE, push: true, email: false });
    const { id, subscription } = push.subscribe();
    await user.call('POST', '/push-subscriptions', subscription);
    push.expire(id);
    await runDueReminders(context, new Date((await dueAt(user)).getTime() + 1000));
    const left = await data.t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.id));
    expect(left).toEqual([]);
  });

  it('stops the e-mails from the link without signing in, once, then says it is done', async () => {
    const user = await apiUser(data.t, 'unsubscribe');
    await user.call('PUT', '/reminders', { ...MONDAY_NINE, push: false, email: true });
    await runDueReminders(context, new Date((await dueAt(user)).getTime() + 1000));
    const mail = await smtp.waitFor(user.email);
    const link = new URL(
      /https?:\/\/\S+\/pripominky\/odhlasit\?token=\S+/.exec(mail.text)?.[0] ?? '',
    );
    const token = link.searchParams.get('token') ?? '';
    const use = (value: string) =>
      data.t.app.inject({
        method: 'POST',
        url: '/api/v1/reminders/unsubscribe',
        payload: { token: value },
      });

    const [userId, signature] = token.split('.');
    const forged = await use(`${userId}.${'A'.repeat(signature?.length ?? 43)}`);
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ error_code: 'unsubscribe_link_invalid' });
    expect((await use('nonsense')).statusCode).toBe(400);

    expect((await use(token)).json()).toEqual({ result: 'unsubscribed' });
    expect((await use(token)).json()).toEqual({ result: 'already' });
    expect((await user.call('GET', '/reminders')).json()).toMatchObject({ email: false });

    // Choosing e-mail again makes new links; the old one no longer works.
    await user.call('PUT', '/reminders', { ...MONDAY_NINE, push: false, email: true });
    expect((await use(token)).statusCode).toBe(400);
  });
});
