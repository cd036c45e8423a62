import { describe, expect, it } from 'vitest';
import type { GoalRecord } from '@partak/domain/api/goals';
import { newId } from '@partak/domain/ids';
import { databaseKinds } from '../../../test/databases.ts';
import { useDataApi, type ApiUser } from '../../../test/data-api.ts';

describe.each(databaseKinds())('/api/v1/goals on $name', ({ open }) => {
  const data = useDataApi(open);

  const create = async (user: ApiUser, body: Record<string, unknown> = {}) => {
    const res = await user.call('POST', '/goals', {
      id: newId(),
      title: 'Prvních 10 klientů',
      ...body,
    });
    expect(res.statusCode).toBe(201);
    return res.json<GoalRecord>();
  };

  it('needs an access token', async () => {
    const res = await data.t.app.inject({ url: '/api/v1/goals' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error_code: 'no_authorization' });
  });

  it('creates, lists, renames, steps and deletes a goal', async () => {
    const goal = await create(data.ema, { milestones: 4 });
    expect(goal).toMatchObject({ milestones: 4, completedMilestones: 0, progress: 0, version: 1 });
    expect(
      (await data.ema.call('GET', '/goals')).json<{ items: GoalRecord[] }>().items,
    ).toContainEqual(goal);

    const renamed = await data.ema.call('PATCH', `/goals/${goal.id}`, {
      version: 1,
      title: 'Deset klientů',
    });
    expect(renamed.json()).toMatchObject({ title: 'Deset klientů', version: 2 });
    const stepped = await data.ema.call('PATCH', `/goals/${goal.id}`, { stepDelta: 3 });
    expect(stepped.json()).toMatchObject({ completedMilestones: 3, progress: 75, version: 3 });

    expect((await data.ema.call('DELETE', `/goals/${goal.id}`)).statusCode).toBe(204);
    expect((await data.ema.call('DELETE', `/goals/${goal.id}`)).statusCode).toBe(204);
    const list = (await data.ema.call('GET', '/goals')).json<{ items: GoalRecord[] }>().items;
    expect(list.map((item) => item.id)).not.toContain(goal.id);
  });

  it('answers a replayed create with the goal already made, never a second one', async () => {
    const id = newId();
    const first = await data.ema.call('POST', '/goals', { id, title: 'Web' });
    const again = await data.ema.call('POST', '/goals', { id, title: 'Web' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const list = (await data.ema.call('GET', '/goals')).json<{ items: GoalRecord[] }>().items;
    expect(list.filter((item) => item.id === id)).toHaveLength(1);
  });

  it('refuses a stale version with 409 and the current goal', async () => {
    const goal = await create(data.ema);
    await data.ema.call('PATCH', `/goals/${goal.id}`, { version: 1, title: 'Z telefonu' });
    const stale = await data.ema.call('PATCH', `/goals/${goal.id}`, {
      version: 1,
      title: 'Z notebooku',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error_code: 'conflict',
      current: { id: goal.id, title: 'Z telefonu', version: 2 },
    });
  });

  it('adds up step increments from two devices, within 0 and the total', async () => {
    const goal = await create(data.ema, { milestones: 5 });
    await Promise.all([
      data.ema.call('PATCH', `/goals/${goal.id}`, { stepDelta: 1 }),
      data.ema.call('PATCH', `/goals/${goal.id}`, { stepDelta: 1 }),
    ]);
    const list = (await data.ema.call('GET', '/goals')).json<{ items: GoalRecord[] }>().items;
    expect(list.find((item) => item.id === goal.id)?.completedMilestones).toBe(2);
    const over = await data.ema.call('PATCH', `/goals/${goal.id}`, { stepDelta: 50 });
    expect(over.json()).toMatchObject({ completedMilestones: 5, progress: 100 });
    const fewer = await data.ema.call('PATCH', `/goals/${goal.id}`, {
      version: over.json().version,
      milestones: 3,
    });
    expect(fewer.json()).toMatchObject({ milestones: 3, completedMilestones: 3 });
  });

  it('does not let a deleted goal come back from an offline device', async () => {
    const goal = await create(data.ema);
    await data.ema.call('DELETE', `/goals/${goal.id}`);
    const replayed = await data.ema.call('POST', '/goals', { id: goal.id, title: goal.title });
    expect(replayed.statusCode).toBe(410);
    expect(replayed.json()).toMatchObject({ error_code: 'record_deleted' });
    const step = await data.ema.call('PATCH', `/goals/${goal.id}`, { stepDelta: 1 });
    expect(step.statusCode).toBe(410);
  });

  it('keeps one user’s goals from another: 404 for each, nothing changed', async () => {
    const goal = await create(data.ema, { title: 'Jen moje' });
    const attempts = [
      await data.mallory.call('PATCH', `/goals/${goal.id}`, { stepDelta: 1 }),
      await data.mallory.call('PATCH', `/goals/${goal.id}`, { version: 1, title: 'Cizí' }),
      await data.mallory.call('DELETE', `/goals/${goal.id}`),
    ];
    expect(attempts.map((res) => res.statusCode)).toEqual([404, 404, 404]);
    const theirs = (await data.mallory.call('GET', '/goals')).json<{ items: GoalRecord[] }>().items;
    expect(theirs.map((item) => item.id)).not.toContain(goal.id);
    // The same id made by the other user is their own goal and leaves the first one alone.
    expect(
      (await data.mallory.call('POST', '/goals', { id: goal.id, title: 'Moje' })).statusCode,
    ).toBe(201);
    const mine = (await data.ema.call('GET', '/goals')).json<{ items: GoalRecord[] }>().items;
    expect(mine.find((item) => item.id === goal.id)).toEqual(goal);
  });

  describe('refuses bad input with a 4xx and a stable code', () => {
    it.each([
      ['no id', { title: 'X' }],
      ['an id that is not a UUID', { id: '1', title: 'X' }],
      ['a blank title', { id: newId(), title: '   ' }],
      ['a title over 200 characters', { id: newId(), title: 'x'.repeat(201) }],
      ['no steps', { id: newId(), title: 'X', milestones: 0 }],
      [
        'more steps done than there are',
        { id: newId(), title: 'X', milestones: 2, completedMilestones: 3 },
      ],
      ['a title of the wrong type', { id: newId(), title: 42 }],
    ])('POST with %s', async (_, body) => {
      const res = await data.ema.call('POST', '/goals', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'validation_failed' });
    });

    it.each([
      ['nothing to change', {}],
      ['a title without its version', { title: 'X' }],
      ['a fractional step', { stepDelta: 0.5 }],
      // Found by the fuzzer: a version past the 32-bit column failed in the database (500).
      ['a version past 2³¹ − 1', { version: 2 ** 31, milestones: 1, stepDelta: 1 }],
    ])('PATCH with %s', async (_, body) => {
      const goal = await create(data.ema);
      const res = await data.ema.call('PATCH', `/goals/${goal.id}`, body);
      expect(res.statusCode).toBe(400);
    });

    it('a malformed id, bad JSON and a huge body', async () => {
      expect((await data.ema.call('PATCH', '/goals/not-an-id', { stepDelta: 1 })).statusCode).toBe(
        400,
      );
      const bad = await data.t.app.inject({
        method: 'POST',
        url: '/api/v1/goals',
        headers: { authorization: `Bearer ${data.ema.token}`, 'content-type': 'application/json' },
        payload: '{"id":',
      });
      expect(bad.json()).toMatchObject({ code: 400, error_code: 'bad_json' });
      const huge = await data.ema.call('POST', '/goals', {
        id: newId(),
        title: 'x',
        pad: 'x'.repeat(40_000),
      });
      expect(huge.statusCode).toBe(413);
      expect((await data.ema.call('PATCH', `/goals/${newId()}`, { stepDelta: 1 })).statusCode).toBe(
        404,
      );
    });
  });
});
