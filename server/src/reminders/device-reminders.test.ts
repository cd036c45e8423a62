import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parseReminderPayload } from '@partak/domain/reminder-payload';
import { deviceReminders } from '../db/schema/index.ts';
import { databaseKinds } from '../../test/databases.ts';
import { apiUser, useDataApi } from '../../test/data-api.ts';
import { useReminderService } from '../../test/reminder-service.ts';
import { runDueReminders } from './scheduler.ts';

const FRIDAY_FIVE = { weekday: 5, hour: 17, timeZone: 'Europe/Prague', language: 'en' };

describe.each(databaseKinds())('reminders of a device without an account on $name', ({ open }) => {
  const data = useDataApi(open, { pushServiceHosts: ['127.0.0.1'] });
  const service = useReminderService(data);

  /** The public routes: no access token, only the subscription. */
  const call = (method: 'PUT' | 'DELETE', payload: object) =>
    data.t.app.inject({ method, url: '/api/v1/device-reminders', payload });
  const rowOf = async (endpoint: string) => {
    const [row] = await data.t.database.db
      .select()
      .from(deviceReminders)
      .where(eq(deviceReminders.endpoint, endpoint));
    return row;
  };

  it('keeps a device reminder without signing in, and refuses a bad one', async () => {
    const { subscription } = service.push.subscribe();
    expect((await call('PUT', { ...FRIDAY_FIVE, subscription })).statusCode).toBe(204);
    const row = await rowOf(subscription.endpoint);
    expect(row).toMatchObject({ weekday: 5, hour: 17, language: 'en' });
    expect(
      row?.nextSendAt.toLocaleString('en-GB', {
        timeZone: 'Europe/Prague',
        weekday: 'long',
        hour: 'numeric',
      }),
    ).toBe('Friday, 17');

    const elsewhere = { ...subscription, endpoint: 'https://internal.example.cz/push/1' };
    const refused = await call('PUT', { ...FRIDAY_FIVE, subscription: elsewhere });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error_code: 'push_service_unknown' });
    for (const bad of [
      { ...FRIDAY_FIVE, subscription, timeZone: 'Mars/Olympus' },
      { ...FRIDAY_FIVE, subscription, language: 'xx' },
      { ...FRIDAY_FIVE, subscription, weekday: 8 },
      { ...FRIDAY_FIVE, subscription: { endpoint: subscription.endpoint } },
      FRIDAY_FIVE,
    ]) {
      const res = await call('PUT', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'validation_failed' });
    }
    // Nothing refused changed what was kept.
    expect(await rowOf(subscription.endpoint)).toEqual(row);

    expect((await call('DELETE', { endpoint: subscription.endpoint })).statusCode).toBe(204);
    expect(await rowOf(subscription.endpoint)).toBeUndefined();
    expect((await call('DELETE', { endpoint: subscription.endpoint })).statusCode).toBe(204);
  });

  it('pushes a due reminder once, in the language the device chose', async () => {
    const { id, subscription } = service.push.subscribe();
    await call('PUT', { ...FRIDAY_FIVE, subscription });
    const due = (await rowOf(subscription.endpoint))?.nextSendAt ?? new Date(0);
    const now = new Date(due.getTime() + 60_000);

    await runDueReminders(service.context, now);
    await runDueReminders(service.context, now);
    const mine = service.push.received.filter((item) => item.id === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.vapidKey).toBe(service.context.vapid.publicKey);
    expect(parseReminderPayload(mine[0]?.text ?? '')).toEqual({
      title: 'Time for your weekly review',
      body: 'Five minutes: what went well, what got in the way and what comes next.',
      tag: 'weekly-review',
      url: '/review',
    });
    const next = (await rowOf(subscription.endpoint))?.nextSendAt;
    expect(next && next.getTime() - due.getTime()).toBe(7 * 86_400_000);
  });

  it('hands the device over to the account that signs in on it: reminded once, not twice', async () => {
    const { id, subscription } = service.push.subscribe();
    await call('PUT', { ...FRIDAY_FIVE, subscription });
    const due = (await rowOf(subscription.endpoint))?.nextSendAt ?? new Date(0);
    const user = await apiUser(data.t, 'handover');
    await user.call('PUT', '/reminders', { ...FRIDAY_FIVE, push: true, email: false });
    expect((await user.call('POST', '/push-subscriptions', subscription)).statusCode).toBe(204);
    expect(await rowOf(subscription.endpoint)).toBeUndefined();

    await runDueReminders(service.context, new Date(due.getTime() + 60_000));
    expect(service.push.received.filter((item) => item.id === id)).toHaveLength(1);
  });

  it('forgets a device whose push service says it is gone', async () => {
    const { id, subscription } = service.push.subscribe();
    await call('PUT', { ...FRIDAY_FIVE, subscription });
    const due = (await rowOf(subscription.endpoint))?.nextSendAt ?? new Date(0);
    service.push.expire(id);
    await runDueReminders(service.context, new Date(due.getTime() + 1000));
    expect(await rowOf(subscription.endpoint)).toBeUndefined();
  });
});
