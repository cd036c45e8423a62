import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../src/config/rate-limit-defaults.ts';
import { openDatabase, type Database, type Db } from '../src/db/client.ts';
import { memoryMailer } from '../src/mail/memory-mailer.ts';
import { runDueReminders } from '../src/reminders/scheduler.ts';
import { saveDeviceReminder } from '../src/reminders/device-reminders-repository.ts';
import { saveReminders, addSubscription } from '../src/reminders/reminders-repository.ts';
import { unsubscribeSecret } from '../src/reminders/unsubscribe-links.ts';
import { vapidKeys } from '../src/reminders/vapid-keys.ts';
import { startPushService } from './push-service.ts';
import { postgresDatabase, type TestDatabase } from './databases.ts';
import { apiKeyOf, buildTestApp, type TestApp } from './helpers.ts';
import {
  confirmedUser,
  CURRENT,
  passwordGrant,
  refreshGrant,
  type WireSession,
} from './auth-helpers.ts';

/**
 * Scale-out (docs/architecture.md#several-instances): two server processes on one PostgreSQL
 * share keys, the anon key and sessions, so a load balancer may send each request to either.
 */
describe.runIf(inject('postgresUrl'))('two server instances on one PostgreSQL', () => {
  let shared: TestDatabase;
  let second: Database;
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    shared = await postgresDatabase();
    second = await openDatabase({ url: shared.url, dataDir: '' });
    // A small /verify limit, to see the instances count together.
    const rateLimits = { ...DEFAULT_RATE_LIMITS, verify: { max: 3, windowSeconds: 300 } };
    one = await buildTestApp({ rateLimits }, shared.database);
    two = await buildTestApp({ rateLimits }, second);
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await second.close();
    await shared.drop();
  });

  it('share the anon key and the signing keys', async () => {
    expect(await apiKeyOf(two)).toBe(await apiKeyOf(one));
    const jwks = async (t: TestApp) =>
      (await t.app.inject({ url: '/auth/v1/.well-known/jwks.json' })).json();
    expect(await jwks(two)).toEqual(await jwks(one));
  });

  it('a session made on one refreshes on the other, and its token works on both', async () => {
    const apikey = await apiKeyOf(one);
    await confirmedUser(one, 'karel@example.cz', 'dobre-heslo-123');
    const signedIn = (
      await passwordGrant(one, apikey, { email: 'karel@example.cz', password: 'dobre-heslo-123' })
    ).json<WireSession>();
    const refreshed = await refreshGrant(two, apikey, signedIn.refresh_token);
    expect(refreshed.statusCode).toBe(200);
    const session = refreshed.json<WireSession>();
    for (const t of [one, two]) {
      const res = await t.app.inject({
        url: '/auth/v1/user',
        headers: { apikey, ...CURRENT, authorization: `Bearer ${session.access_token}` },
      });
      expect(res.statusCode).toBe(200);
    }
    // Reuse detection is shared too: the old token, beyond the racing case, fails on either.
    const again = (await refreshGrant(one, apikey, session.refresh_token)).json<WireSession>();
    expect(again.refresh_token).toBeTruthy();
    expect((await refreshGrant(two, apikey, signedIn.refresh_token)).json()).toMatchObject({
      code: 'refresh_token_already_used',
    });
  });

  it('count rate limits together: a limit spent on one is spent on the other', async () => {
    const apikey = await apiKeyOf(one);
    const verify = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/v1/verify',
        headers: { apikey, ...CURRENT },
        payload: { type: 'signup', token_hash: 'neplatny' },
        remoteAddress: '192.0.2.50',
      });
    expect((await verify(one)).statusCode).toBe(403);
    expect((await verify(two)).statusCode).toBe(403);
    expect((await verify(one)).statusCode).toBe(403);
    for (const t of [two, one]) {
      const over = await verify(t);
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({ code: 'over_request_rate_limit' });
    }
  });

  it('send each due reminder once (accounts and devices), however the two look for them at the same moment', async () => {
    const push = await startPushService();
    const mailers = [memoryMailer(), memoryMailer()] as const;
    const contextOf = async (db: Db, mailer: (typeof mailers)[0]) => ({
      db,
      mailer,
      vapid: await vapidKeys(db),
      subject: 'mailto:reminders@example.cz',
      siteUrl: 'https://partak.example.cz',
      unsubscribeSecret: await unsubscribeSecret(db),
      pushServiceHosts: ['127.0.0.1'],
      pushAgent: push.agent,
      log: { warn: () => undefined },
    });
    const contexts = [
      await contextOf(shared.database.db, mailers[0]),
      await contextOf(second.db, mailers[1]),
    ];
    const friday = new Date('2026-11-20T12:00:00Z');
    const users = [];
    for (let index = 0; index < 12; index++) {
      const user = await confirmedUser(one, `pripominka-${index}@example.cz`, 'dobre-heslo-123');
      await saveReminders(
        shared.database.db,
        user.id,
        { weekday: 1, hour: 9, timeZone: 'Europe/Prague', push: true, email: true },
        friday,
      );
      await addSubscription(shared.database.db, user.id, push.subscribe().subscription);
      users.push(user);
    }
    // And 6 devices used without an account, at the same hour.
    for (let index = 0; index < 6; index++) {
      const { subscription } = push.subscribe();
      const schedule = { weekday: 1, hour: 9, timeZone: 'Europe/Prague', language: 'cs' as const };
      await saveDeviceReminder(shared.database.db, { ...schedule, subscription }, friday);
    }
    // Monday 9:00 in Prague has come; both instances look, three times each, all at once.
    const monday = new Date('2026-11-23T08:00:30Z');
    const sent = await Promise.all(
      [0, 1, 2].flatMap(() => contexts.map((context) => runDueReminders(context, monday))),
    );
    expect(sent.reduce((sum, count) => sum + count, 0)).toBe(18);
    expect(push.received).toHaveLength(18);
    expect(new Set(push.received.map((item) => item.id)).size).toBe(18);
    expect(push.refused).toEqual([]);
    const mails = mailers.flatMap((mailer) => mailer.sent.map((mail) => mail.to));
    expect(mails.sort()).toEqual(users.map((user) => user.email).sort());
    await push.close();
  });
});
