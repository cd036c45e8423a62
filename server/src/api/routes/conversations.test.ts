import { describe, expect, it } from 'vitest';
import type { ConversationList, ConversationRecord } from '@partak/domain/api/conversations';
import { newId } from '@partak/domain/ids';
import { databaseKinds } from '../../../test/databases.ts';
import { apiUser, message, useDataApi, type ApiUser } from '../../../test/data-api.ts';

describe.each(databaseKinds())('/api/v1/conversations on $name', ({ open }) => {
  const data = useDataApi(open);

  const save = async (user: ApiUser, question = 'Jak nastavit ceník?') => {
    const res = await user.call('POST', '/conversations', {
      id: newId(),
      messages: [message('user', question), message('assistant', 'Začni u nákladů.')],
    });
    expect(res.statusCode).toBe(201);
    return res.json<ConversationRecord>();
  };
  const list = async (user: ApiUser, query = '') =>
    (await user.call('GET', `/conversations${query}`)).json<ConversationList>();

  it('saves, reads, saves again with more messages, renames and deletes', async () => {
    const saved = await save(data.ema);
    expect(saved.version).toBe(1);
    expect((await data.ema.call('GET', `/conversations/${saved.id}`)).json()).toEqual(saved);

    const more = [...saved.messages, message('user', 'A slevy?')];
    const again = await data.ema.call('PATCH', `/conversations/${saved.id}`, {
      version: 1,
      messages: more,
    });
    expect(again.json()).toMatchObject({ version: 2, messages: more });
    const renamed = await data.ema.call('PATCH', `/conversations/${saved.id}`, {
      version: 2,
      title: 'Ceník 2027',
    });
    expect(renamed.json()).toMatchObject({ title: 'Ceník 2027', version: 3 });
    const untitled = await data.ema.call('PATCH', `/conversations/${saved.id}`, {
      version: 3,
      title: null,
    });
    expect(untitled.json()).not.toHaveProperty('title');

    expect((await data.ema.call('DELETE', `/conversations/${saved.id}`)).statusCode).toBe(204);
    expect((await data.ema.call('GET', `/conversations/${saved.id}`)).statusCode).toBe(410);
  });

  it('lists newest first in pages, and finds words without case or diacritics', async () => {
    const user = await apiUser(data.t, 'pages');
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await save(user, `Otázka číslo ${i}`));
    const first = await list(user, '?limit=2');
    expect(first.items.map((item) => item.id)).toEqual([made[4]?.id, made[3]?.id]);
    const second = await list(user, `?limit=2&before=${first.next}`);
    expect(second.items.map((item) => item.id)).toEqual([made[2]?.id, made[1]?.id]);
    const last = await list(user, `?limit=2&before=${second.next}`);
    expect(last.items.map((item) => item.id)).toEqual([made[0]?.id]);
    expect(last.next).toBeUndefined();

    expect((await list(user, '?q=CISLO%203')).items.map((item) => item.id)).toEqual([made[3]?.id]);
    expect((await list(user, '?q=nakladu')).items).toHaveLength(5);
    expect((await list(user, '?q=100%25')).items).toHaveLength(0);
  });

  it('answers a replayed save with the one already saved, and refuses a stale one', async () => {
    const saved = await save(data.ema);
    const replay = await data.ema.call('POST', '/conversations', {
      id: saved.id,
      messages: saved.messages,
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(saved);
    await data.ema.call('PATCH', `/conversations/${saved.id}`, { version: 1, title: 'Telefon' });
    const stale = await data.ema.call('PATCH', `/conversations/${saved.id}`, {
      version: 1,
      title: 'Notebook',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error_code: 'conflict', current: { title: 'Telefon' } });
  });

  it('clears the whole history, and a cleared conversation is not saved again', async () => {
    const user = await apiUser(data.t, 'clear');
    const saved = await save(user);
    await save(user);
    expect((await user.call('DELETE', '/conversations')).json()).toEqual({ deleted: 2 });
    expect((await list(user)).items).toEqual([]);
    const replay = await user.call('POST', '/conversations', {
      id: saved.id,
      messages: saved.messages,
    });
    expect(replay.statusCode).toBe(410);
    // An undo on the device that deleted it brings it back on purpose.
    const restored = await user.call('POST', '/conversations', {
      id: saved.id,
      messages: saved.messages,
      restore: true,
    });
    expect(restored.statusCode).toBe(201);
    expect((await list(user)).items.map((item) => item.id)).toEqual([saved.id]);
  });

  it('keeps one user’s conversations from another: 404 for each, nothing changed', async () => {
    const saved = await save(data.ema, 'Soukromá otázka');
    const attempts = [
      await data.mallory.call('GET', `/conversations/${saved.id}`),
      await data.mallory.call('PATCH', `/conversations/${saved.id}`, { version: 1, title: 'Cizí' }),
      await data.mallory.call('DELETE', `/conversations/${saved.id}`),
    ];
    expect(attempts.map((res) => res.statusCode)).toEqual([404, 404, 404]);
    await data.mallory.call('DELETE', '/conversations');
    expect((await list(data.mallory, '?q=soukroma')).items).toEqual([]);
    expect((await data.ema.call('GET', `/conversations/${saved.id}`)).json()).toEqual(saved);
  });

  describe('refuses bad input with a 4xx and a stable code', () => {
    const long = 'x'.repeat(8001);
    it.each([
      ['no messages', { id: newId(), messages: [] }],
      ['a message over 8,000 characters', { id: newId(), messages: [message('user', long)] }],
      [
        '501 messages',
        { id: newId(), messages: Array.from({ length: 501 }, () => message('user', 'a')) },
      ],
      ['a message without a role', { id: newId(), messages: [{ content: 'a' }] }],
      [
        'a title over 200 characters',
        { id: newId(), title: 'x'.repeat(201), messages: [message('user', 'a')] },
      ],
    ])('POST with %s', async (_, body) => {
      const res = await data.ema.call('POST', '/conversations', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'validation_failed' });
    });

    it.each([
      ['a limit over 100', '?limit=101'],
      ['a limit that is not a number', '?limit=many'],
      ['a cursor it never gave', '?before=bm9wZQ'],
    ])('GET with %s', async (_, query) => {
      const res = await data.ema.call('GET', `/conversations${query}`);
      expect(res.statusCode).toBe(400);
    });

    it('PATCH without a version or without anything to change', async () => {
      const saved = await save(data.ema);
      expect(
        (await data.ema.call('PATCH', `/conversations/${saved.id}`, { title: 'X' })).statusCode,
      ).toBe(400);
      expect(
        (await data.ema.call('PATCH', `/conversations/${saved.id}`, { version: 1 })).statusCode,
      ).toBe(400);
    });
  });
});
