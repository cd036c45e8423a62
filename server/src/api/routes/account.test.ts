import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivitySummary } from '@partak/domain/api/account';
import { newId } from '@partak/domain/ids';
import { sessions, users } from '../../db/schema/index.ts';
import { passwordGrant } from '../../../test/auth-helpers.ts';
import { databaseKinds } from '../../../test/databases.ts';
import { apiUser, message, ROOMY_LIMITS, useDataApi } from '../../../test/data-api.ts';
import { apiKeyOf, buildTestApp, type TestApp } from '../../../test/helpers.ts';

const event = (type: string, at: string, ref?: string) => ({ id: newId(), type, at, ref });

describe.each(databaseKinds())('activity, settings and the account on $name', ({ open }) => {
  const data = useDataApi(open);

  describe('/api/v1/activity', () => {
    it('appends batches once each and sums them up like the statistics screen', async () => {
      const now = new Date();
      const today = now.toISOString();
      const batch = {
        events: [
          event('message_sent', today, newId()),
          event('message_sent', today, newId()),
          event('topic_opened', today, 'pricing'),
          event('goal_completed', today, newId()),
        ],
      };
      expect((await data.ema.call('POST', '/activity', batch)).json()).toEqual({ added: 4 });
      // A retried upload: nothing is counted twice.
      expect((await data.ema.call('POST', '/activity', batch)).json()).toEqual({ added: 0 });

      const summary = (
        await data.ema.call('GET', '/activity?timeZone=Europe/Prague')
      ).json<ActivitySummary>();
      expect(summary.stats.conversations.total).toBe(2);
      expect(summary.stats.topics.total).toBe(1);
      expect(summary.stats.goals.total).toBe(1);
      expect(summary.stats.activityRate.percent).toBe(3); // one active day of 30
      expect(summary.recent).toHaveLength(4);
      const theirs = (await data.mallory.call('GET', '/activity')).json<ActivitySummary>();
      expect(theirs.stats.conversations.total).toBe(0);
    });

    it.each([
      ['no events', { events: [] }],
      [
        '501 events',
        {
          events: Array.from({ length: 501 }, () =>
            event('topic_opened', new Date().toISOString()),
          ),
        },
      ],
      ['an unknown type', { events: [event('hacked', new Date().toISOString())] }],
      ['a date that is not one', { events: [event('topic_opened', 'yesterday')] }],
    ])('refuses %s', async (_, body) => {
      const res = await data.ema.call('POST', '/activity', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'validation_failed' });
    });

    it('refuses an unknown time zone', async () => {
      const res = await data.ema.call('GET', '/activity?timeZone=Mars/Olympus');
      expect(res.statusCode).toBe(400);
    });
  });

  describe('/api/v1/settings', () => {
    it('starts from the defaults and keeps each change', async () => {
      const user = await apiUser(data.t, 'settings');
      expect((await user.call('GET', '/settings')).json()).toEqual({
        language: null,
        notifications: true,
        mentorSeesGoals: false,
        mentorSeesProfile: false,
      });
      await user.call('PATCH', '/settings', { language: 'de' });
      await user.call('PATCH', '/settings', { mentorSeesProfile: true });
      const changed = await user.call('PATCH', '/settings', { mentorSeesGoals: true });
      expect(changed.json()).toEqual({
        language: 'de',
        notifications: true,
        mentorSeesGoals: true,
        mentorSeesProfile: true,
      });
      expect((await user.call('GET', '/settings')).json()).toEqual(changed.json());
      expect((await data.mallory.call('GET', '/settings')).json()).toMatchObject({
        language: null,
      });
    });

    it.each([
      ['an unknown language', { language: 'fr' }],
      ['a switch that is not one', { notifications: 'yes' }],
    ])('refuses %s', async (_, body) => {
      expect((await data.ema.call('PATCH', '/settings', body)).statusCode).toBe(400);
    });
  });

  describe('/api/v1/account', () => {
    it('exports everything of the user and nothing secret', async () => {
      const user = await apiUser(data.t, 'export');
      await user.call('POST', '/goals', { id: newId(), title: 'Web do Vánoc' });
      await user.call('POST', '/conversations', {
        id: newId(),
        messages: [message('user', 'Ahoj')],
      });
      const res = await user.call('GET', '/account/export');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="partak-export-/);
      const body = res.json<Record<string, unknown>>();
      expect(body).toMatchObject({
        user: { id: user.id, email: user.email },
        goals: [{ title: 'Web do Vánoc' }],
        conversations: [{ messages: [{ content: 'Ahoj' }] }],
        settings: { notifications: true },
      });
      expect(res.body).not.toMatch(/argon2|encrypted_password|password|secret|refresh_token/i);
      expect(res.body).not.toContain('Jen moje');
    });

    it('deletes the account with its password: data gone, sessions ended, sign-in refused', async () => {
      const user = await apiUser(data.t, 'leaving');
      await user.call('POST', '/goals', { id: newId(), title: 'Poslední cíl' });
      const wrong = await user.call('DELETE', '/account', { password: 'spatne-heslo' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ error_code: 'invalid_credentials' });
      expect((await user.call('GET', '/goals')).statusCode).toBe(200);

      expect((await user.call('DELETE', '/account', { password: user.password })).statusCode).toBe(
        204,
      );
      const { db } = data.t.database;
      expect(await db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
      expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
      expect((await user.call('GET', '/goals')).statusCode).toBe(403);
      const again = await passwordGrant(data.t, await apiKeyOf(data.t), {
        email: user.email,
        password: user.password,
      });
      expect(again.json()).toMatchObject({ error_code: 'invalid_credentials' });
      // The other user's data is untouched.
      expect((await data.ema.call('GET', '/settings')).statusCode).toBe(200);
    });

    it('asks an account without a password for a recent sign-in', async () => {
      const user = await apiUser(data.t, 'google');
      const { db } = data.t.database;
      await db.update(users).set({ encryptedPassword: null }).where(eq(users.id, user.id));
      await db
        .update(sessions)
        .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
        .where(eq(sessions.userId, user.id));
      const old = await user.call('DELETE', '/account', {});
      expect(old.statusCode).toBe(403);
      expect(old.json()).toMatchObject({ error_code: 'reauthentication_needed' });
      await db.update(sessions).set({ createdAt: new Date() }).where(eq(sessions.userId, user.id));
      expect((await user.call('DELETE', '/account', {})).statusCode).toBe(204);
    });

    it('refuses a password that is not text, and a body that is not JSON', async () => {
      expect((await data.ema.call('DELETE', '/account', { password: 42 })).statusCode).toBe(400);
      const broken = await data.t.app.inject({
        method: 'DELETE',
        url: '/api/v1/account',
        headers: { authorization: `Bearer ${data.ema.token}`, 'content-type': 'application/json' },
        payload: '{"password":',
      });
      expect(broken.json()).toMatchObject({ code: 400, error_code: 'bad_json' });
      expect((await data.ema.call('GET', '/settings')).statusCode).toBe(200);
    });

    it('needs a token', async () => {
      const res = await data.t.app.inject({
        method: 'DELETE',
        url: '/api/v1/account',
        payload: {},
      });
      expect(res.statusCode).toBe(401);
    });
  });
});

describe('per-user limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      rateLimits: { ...ROOMY_LIMITS, data: { max: 3, windowSeconds: 600 } },
    });
  });
  afterAll(() => t.close());

  it('answers 429 once a user has used their requests, while another user goes on', async () => {
    const busy = await apiUser(t, 'busy');
    const calm = await apiUser(t, 'calm');
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await busy.call('GET', '/goals')).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const refused = await busy.call('GET', '/goals');
    expect(refused.json()).toMatchObject({ error_code: 'over_request_rate_limit' });
    expect((await calm.call('GET', '/goals')).statusCode).toBe(200);
  });
});
