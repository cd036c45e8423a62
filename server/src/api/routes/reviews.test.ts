import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { WeeklyReview } from '@partak/domain/api/reviews';
import { newId } from '@partak/domain/ids';
import { weeklyReviews } from '../../db/schema/index.ts';
import { databaseKinds } from '../../../test/databases.ts';
import { apiUser, useDataApi } from '../../../test/data-api.ts';

const review = (overrides: Partial<WeeklyReview> = {}) => ({
  wentWell: 'Dva noví klienti z doporučení.',
  inTheWay: 'Moc času na fakturách.',
  focus: 'Nastavit pravidelnou fakturaci',
  figures: { stepsDone: 3, goalsFinished: 1, conversations: 2 },
  reviewedAt: '2026-11-23T18:00:00.000Z',
  ...overrides,
});

describe.each(databaseKinds())('/api/v1/reviews on $name', ({ open }) => {
  const data = useDataApi(open);

  it('needs an access token', async () => {
    const res = await data.t.app.inject({ url: '/api/v1/reviews' });
    expect(res.statusCode).toBe(401);
  });

  it('keeps a review per week, newest first; reviewing a week again replaces it', async () => {
    const user = await apiUser(data.t, 'review');
    const first = await user.call('PUT', '/reviews/2026-11-16', review());
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ week: '2026-11-16', ...review() });
    const goalId = newId();
    await user.call('PUT', '/reviews/2026-11-23', review({ focus: 'Web', goalId }));
    const again = await user.call('PUT', '/reviews/2026-11-16', review({ wentWell: 'Klid.' }));
    expect(again.json()).toMatchObject({ week: '2026-11-16', wentWell: 'Klid.' });

    const list = (await user.call('GET', '/reviews')).json<{ items: WeeklyReview[] }>().items;
    expect(list.map((item) => [item.week, item.wentWell, item.goalId])).toEqual([
      ['2026-11-23', review().wentWell, goalId],
      ['2026-11-16', 'Klid.', undefined],
    ]);
    // Nobody else sees them.
    expect((await data.mallory.call('GET', '/reviews')).json()).toEqual({ items: [] });
  });

  it.each([
    ['a day that is not a Monday', '/reviews/2026-11-24', review()],
    ['something that is not a date', '/reviews/last-week', review()],
    ['an answer too long', '/reviews/2026-11-23', review({ inTheWay: 'x'.repeat(2001) })],
    ['a focus too long for a goal', '/reviews/2026-11-23', review({ focus: 'x'.repeat(201) })],
    [
      'negative figures',
      '/reviews/2026-11-23',
      review({ figures: { stepsDone: -1, goalsFinished: 0, conversations: 0 } }),
    ],
    ['a goal id that is not one', '/reviews/2026-11-23', review({ goalId: 'goal-1' })],
    ['no time of the review', '/reviews/2026-11-23', { ...review(), reviewedAt: undefined }],
  ])('refuses %s with 400, keeping nothing', async (_, path, body) => {
    const res = await data.ema.call('PUT', path, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error_code: 'validation_failed' });
    expect((await data.ema.call('GET', '/reviews')).json()).toEqual({ items: [] });
  });

  it('is in the account export and goes with the account', async () => {
    const user = await apiUser(data.t, 'export-review');
    await user.call('PUT', '/reviews/2026-11-23', review());
    const exported = (await user.call('GET', '/account/export')).json<Record<string, unknown>>();
    expect(exported.reviews).toEqual([{ week: '2026-11-23', ...review() }]);
    expect(exported).toMatchObject({ reminders: { push: false, email: false, pushDevices: 0 } });

    expect((await user.call('DELETE', '/account', { password: user.password })).statusCode).toBe(
      204,
    );
    const { db } = data.t.database;
    expect(await db.select().from(weeklyReviews).where(eq(weeklyReviews.userId, user.id))).toEqual(
      [],
    );
  });

  it("gives this week's figures with the statistics, in the user's time zone", async () => {
    const user = await apiUser(data.t, 'figures');
    const now = Date.now();
    const event = (type: string, ref: string, ago = 0) => ({
      id: newId(),
      type,
      at: new Date(now - ago).toISOString(),
      ref,
    });
    const goal = newId();
    await user.call('POST', '/activity', {
      events: [
        event('goal_step_done', goal),
        event('goal_step_done', goal),
        event('goal_completed', goal),
        event('message_sent', 'c1'),
        event('message_sent', 'c1'),
        // Three weeks ago: another week's.
        event('goal_step_done', goal, 21 * 86_400_000),
      ],
    });
    const res = await user.call('GET', '/activity?timeZone=Europe/Prague');
    expect(res.json()).toMatchObject({
      week: { stepsDone: 2, goalsFinished: 1, conversations: 1 },
    });
  });
});
