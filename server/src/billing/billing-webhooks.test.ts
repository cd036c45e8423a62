import { describe, expect, it } from 'vitest';
import { useBillingApp } from '../../test/billing-helpers.ts';

/** The account's subscription as the app has it. */
describe('the Stripe webhook', () => {
  const billing = useBillingApp();
  const webhook = (body: string, signature?: string) =>
    billing.t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/webhook',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature === undefined ? {} : { 'stripe-signature': signature }),
      },
      payload: body,
    });
  const event = (id: string, type: string, object: object) =>
    JSON.stringify({
      id,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });

  it('refuses a body without, with a wrong or with a stale signature (400), and stores nothing', async () => {
    const body = event('evt_forged', 'customer.subscription.deleted', { object: 'subscription' });
    for (const signature of [
      undefined,
      billing.stripe.sign(body, { secret: 'whsec_someone_else' }),
      billing.stripe.sign(body, { timestamp: Math.floor(Date.now() / 1000) - 600 }),
      billing.stripe.sign(`${body} `),
    ]) {
      const res = await webhook(body, signature);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'validation_failed' });
    }
  });

  it('takes a signed event of a shape it does not know with 200, never a 5xx', async () => {
    for (const body of [
      event('evt_odd_1', 'invoice.paid', { object: 'invoice', parent: 42 }),
      event('evt_odd_2', 'customer.subscription.updated', { object: 'subscription', items: 'no' }),
      event('evt_odd_3', 'checkout.session.completed', { subscription: 'sub_nobody' }),
      event('evt_odd_4', 'radar.early_fraud_warning.created', {}),
    ]) {
      const res = await webhook(body, billing.stripe.sign(body));
      expect(res.statusCode).toBe(200);
    }
    const notJson = '{"id": "evt_broken", ';
    expect((await webhook(notJson, billing.stripe.sign(notJson))).statusCode).toBe(400);
  });

  it('ignores a replayed event: the second delivery changes nothing', async () => {
    const ema = await billing.user('replay');
    await billing.subscribe(ema);
    const id = await billing.subscriptionOf(ema);
    await ema.call('POST', '/billing/cancel');
    await billing.stripe.settled();
    const cancelEvent = billing.stripe.events.findLast(
      (e) => e.type === 'customer.subscription.updated',
    );
    await ema.call('POST', '/billing/resume');
    await billing.stripe.settled();
    expect(await billing.status(ema)).toMatchObject({ subscription: { state: 'trial' } });

    // Stripe sends the "cancelled" event again (and the subscription is not cancelled any more):
    // it is answered 200 and not processed again (Stripe is not even asked).
    const reads = () =>
      billing.stripe.requests.filter(
        (r) => r.method === 'GET' && r.path === `/v1/subscriptions/${id}`,
      ).length;
    const readsBefore = reads();
    const again = await billing.stripe.redeliver(cancelEvent?.id ?? '');
    expect(again.status).toBe(200);
    expect(reads()).toBe(readsBefore);
    expect(await billing.status(ema)).toMatchObject({ subscription: { state: 'trial' } });
    expect(billing.stripe.subscriptions.get(id)?.cancel_at_period_end).toBe(false);
  });

  it('converges to Stripe’s latest state when events arrive late and out of order', async () => {
    const ema = await billing.user('order');
    billing.stripe.hold();
    const checkout = await ema.call('POST', '/billing/checkout', { language: 'cs' });
    const sessionId = new URL(checkout.json<{ url: string }>().url).pathname.split('/').pop();
    billing.stripe.pay(sessionId ?? '');
    const id = await billing.subscriptionOf(ema);
    billing.stripe.endTrial(id);
    billing.stripe.failPayment(id);
    billing.stripe.recoverPayment(id);
    // Nothing has arrived yet: the account is still free.
    expect(await billing.status(ema)).toMatchObject({ tier: 'free', subscription: null });
    await billing.stripe.release({ order: 'reversed' });
    await billing.stripe.settled();
    expect(await billing.status(ema)).toMatchObject({
      tier: 'premium',
      trialAvailable: false,
      subscription: { state: 'active', graceEndsAt: null },
    });
  });

  it('keeps one subscription per account when two checkouts are paid (the second ends at once)', async () => {
    const ema = await billing.user('twice');
    const urls = [];
    for (let i = 0; i < 2; i += 1) {
      const res = await ema.call('POST', '/billing/checkout', { language: 'cs' });
      urls.push(res.json<{ url: string }>().url);
    }
    for (const url of urls) {
      billing.stripe.pay(new URL(url).pathname.split('/').pop() ?? '');
      await billing.stripe.settled();
    }
    const theirs = [...billing.stripe.subscriptions.values()].filter(
      (s) => s.metadata.user_id === ema.id,
    );
    expect(theirs.map((s) => s.status).sort()).toEqual(['canceled', 'trialing']);
    expect(await billing.status(ema)).toMatchObject({
      tier: 'premium',
      subscription: { state: 'trial' },
    });
  });

  it('cancels the subscription before the account is deleted, and exports its state', async () => {
    const ema = await billing.user('leaving');
    await billing.subscribe(ema);
    const id = await billing.subscriptionOf(ema);
    const exported = (await ema.call('GET', '/account/export')).json();
    expect(exported.subscription).toMatchObject({
      tier: 'premium',
      trialUsed: true,
      subscription: { state: 'trial' },
    });
    expect(JSON.stringify(exported)).not.toMatch(/cus_|sub_|card/);

    const deleted = await ema.call('DELETE', '/account', { password: ema.password });
    expect(deleted.statusCode).toBe(204);
    expect(billing.stripe.subscriptions.get(id)?.status).toBe('canceled');
    // Its last events find no account, and are taken without a fuss.
    await billing.stripe.settled();
    expect(billing.stripe.deliveries.every((d) => d.status === 200)).toBe(true);
  });
});
