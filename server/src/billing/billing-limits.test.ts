import { describe, expect, it } from 'vitest';
import { newId } from '@partak/domain/ids';
import { message } from '../../test/data-api.ts';
import { useBillingApp } from '../../test/billing-helpers.ts';
import { parseEvents } from '../../test/sse.ts';

const conversation = () => ({
  id: newId(),
  messages: [message('user', 'Jak nacenit logo?'), message('assistant', 'Podle hodin a hodnoty.')],
});

describe('the free plan’s caps, with billing on', () => {
  const billing = useBillingApp({ modelReplies: 2, savedConversations: 2 });

  const ask = (token: string | undefined, extra: object = {}) =>
    billing.t.app.inject({
      method: 'POST',
      url: '/api/v1/chat',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: {
        language: 'cs',
        messages: [{ role: 'user', content: 'Jak si mám nacenit první zakázku?' }],
        ...extra,
      },
    });
  const answeredBy = (body: string) => {
    const done = parseEvents(body).findLast((event) => event.type === 'done');
    return done?.type === 'done' ? done.mentor : undefined;
  };

  it('lets the model answer a free account so many times a month, then 402 before any reply', async () => {
    const ema = await billing.user('replies');
    const asked = billing.model.requests.length;
    for (let i = 0; i < 2; i += 1) {
      billing.model.next({ pieces: ['Spočítej ', 'hodiny.'] });
      const res = await ask(ema.token);
      expect(answeredBy(res.body)).toBe('model');
    }
    expect(await billing.status(ema)).toMatchObject({
      usage: { modelReplies: { used: 2, limit: 2 } },
    });
    const refused = await ask(ema.token);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ error_code: 'model_replies_used_up' });
    expect(billing.model.requests.length).toBe(asked + 2);

    // The same question, answered from the library, as the user may choose.
    const fromLibrary = await ask(ema.token, { mentor: 'library' });
    expect(fromLibrary.statusCode).toBe(200);
    expect(answeredBy(fromLibrary.body)).toBe('library');

    // Next month the allowance is back.
    billing.clock.advance(32 * 24 * 3600 * 1000);
    billing.model.next({ pieces: ['Nový ', 'měsíc.'] });
    expect(answeredBy((await ask(ema.token)).body)).toBe('model');
    billing.clock.advance(-32 * 24 * 3600 * 1000);
  });

  it('gives back a reply the model did not give (the library answered instead)', async () => {
    const ema = await billing.user('fallback');
    billing.model.next({ status: 500 });
    expect(answeredBy((await ask(ema.token)).body)).toBe('library');
    expect(await billing.status(ema)).toMatchObject({
      usage: { modelReplies: { used: 0 } },
    });
  });

  it('answers signed-out visitors from the library (model replies belong to accounts)', async () => {
    const asked = billing.model.requests.length;
    const res = await ask(undefined);
    expect(answeredBy(res.body)).toBe('library');
    expect(billing.model.requests.length).toBe(asked);
  });

  it('has no cap for premium', async () => {
    const ema = await billing.user('premium-replies');
    await billing.subscribe(ema);
    for (let i = 0; i < 3; i += 1) {
      billing.model.next({ pieces: ['Bez ', 'limitu.'] });
      expect(answeredBy((await ask(ema.token)).body)).toBe('model');
    }
    expect(await billing.status(ema)).toMatchObject({
      usage: { modelReplies: { limit: null }, savedConversations: { limit: null } },
    });
  });

  it('keeps the saved conversations at the cap, refuses a new one with 402, deletes nothing', async () => {
    const ema = await billing.user('saved');
    const kept = [conversation(), conversation()];
    for (const item of kept) {
      expect((await ema.call('POST', '/conversations', item)).statusCode).toBe(201);
    }
    const refused = await ema.call('POST', '/conversations', conversation());
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ error_code: 'saved_conversations_full', limit: 2 });

    // Saving one of the kept again, or changing it, still works.
    expect((await ema.call('POST', '/conversations', kept[0])).statusCode).toBe(200);
    const list = (await ema.call('GET', '/conversations')).json<{ items: { id: string }[] }>();
    expect(list.items.map((item) => item.id).sort()).toEqual(kept.map((item) => item.id).sort());

    // Premium lifts the cap.
    await billing.subscribe(ema);
    expect((await ema.call('POST', '/conversations', conversation())).statusCode).toBe(201);
  });
});
