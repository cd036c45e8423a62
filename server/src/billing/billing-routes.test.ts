import { describe, expect, it } from 'vitest';
import { TRIAL_DAYS } from '@partak/domain/plans';
import { DEFAULT_FREE_LIMITS } from '@partak/domain/entitlements';
import { DAY_MS, billingConfig, useBillingApp } from '../../test/billing-helpers.ts';
import { buildTestApp } from '../../test/helpers.ts';
import { apiUser } from '../../test/data-api.ts';

describe('billing off (no Stripe keys): the default', () => {
  it('sells nothing, says so on billing routes, and limits nothing', async () => {
    const t = await buildTestApp();
    try {
      const config = (await t.app.inject({ url: '/api/v1/config' })).json();
      expect(config).toMatchObject({ billing: false });
      const user = await apiUser(t, 'off');
      for (const [method, url] of [
        ['GET', '/billing'],
        ['POST', '/billing/cancel'],
      ] as const) {
        const res = await user.call(method, url);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ error_code: 'billing_disabled' });
      }
      const hook = await t.app.inject({
        method: 'POST',
        url: '/api/v1/billing/webhook',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(hook.json()).toMatchObject({ error_code: 'billing_disabled' });
    } finally {
      await t.close();
    }
  });
});

describe('buying the subscription through Stripe Checkout (local peer)', () => {
  const billing = useBillingApp();

  it('says billing is on in the config the browser reads', async () => {
    const config = (await billing.t.app.inject({ url: '/api/v1/config' })).json();
    expect(config).toMatchObject({ billing: true, modelMentor: true });
  });

  it('starts a checkout with the 3-day trial, the account’s e-mail, its id and the language', async () => {
    const ema = await billing.user('checkout');
    expect(await billing.status(ema)).toMatchObject({
      tier: 'free',
      subscription: null,
      trialAvailable: true,
    });
    const res = await ema.call('POST', '/billing/checkout', { language: 'de' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ url: string }>().url).toMatch(`${billing.stripe.url}/c/pay/`);
    const customer = billing.stripe.requests.find((r) => r.path === '/v1/customers');
    expect(customer?.body).toMatchObject({ email: ema.email, metadata: { user_id: ema.id } });
    const session = billing.stripe.requests.findLast((r) => r.path === '/v1/checkout/sessions');
    expect(session?.body).toMatchObject({
      mode: 'subscription',
      client_reference_id: ema.id,
      locale: 'de',
      line_items: [{ price: 'price_eur', quantity: '1' }],
      subscription_data: { trial_period_days: String(TRIAL_DAYS), metadata: { user_id: ema.id } },
    });
    expect(String(session?.body.success_url)).toMatch(/\/subscription\?checkout=done$/);
    expect(String(session?.body.cancel_url)).toMatch(/\/subscription\?checkout=cancelled$/);
  });

  it('gives premium for the trial once the signed events arrive, and one trial per account', async () => {
    const ema = await billing.user('trial');
    const status = await billing.subscribe(ema);
    expect(status).toMatchObject({
      tier: 'premium',
      trialAvailable: false,
      subscription: { state: 'trial', graceEndsAt: null },
    });
    const trialEnd = Date.parse(status.subscription?.trialEndsAt ?? '');
    expect(trialEnd - Date.now()).toBeGreaterThan((TRIAL_DAYS - 0.1) * DAY_MS);

    const again = await ema.call('POST', '/billing/checkout', { language: 'cs' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error_code: 'already_subscribed' });

    // Ended, and bought again: no second trial.
    await ema.call('POST', '/billing/cancel');
    billing.stripe.endPeriod(await billing.subscriptionOf(ema));
    await billing.stripe.settled();
    expect(await billing.status(ema)).toMatchObject({
      tier: 'free',
      subscription: { state: 'ended' },
    });
    const second = await ema.call('POST', '/billing/checkout', { language: 'cs' });
    expect(second.statusCode).toBe(200);
    const session = billing.stripe.requests.findLast((r) => r.path === '/v1/checkout/sessions');
    expect(session?.body.subscription_data).not.toHaveProperty('trial_period_days');
  });

  it('takes a trial into a paid month, a failed payment into three days of grace, then free', async () => {
    const ema = await billing.user('lifecycle');
    await billing.subscribe(ema);
    const id = await billing.subscriptionOf(ema);

    billing.stripe.endTrial(id);
    await billing.stripe.settled();
    expect(await billing.status(ema)).toMatchObject({
      tier: 'premium',
      subscription: { state: 'active', trialEndsAt: null },
    });

    billing.stripe.failPayment(id);
    await billing.stripe.settled();
    const failed = await billing.status(ema);
    expect(failed).toMatchObject({ tier: 'premium', subscription: { state: 'payment_failed' } });
    const graceEnd = Date.parse(failed.subscription?.graceEndsAt ?? '');
    expect(graceEnd - billing.clock.now().getTime()).toBeGreaterThan(2.9 * DAY_MS);

    billing.clock.advance(3 * DAY_MS + 60_000);
    expect(await billing.status(ema)).toMatchObject({
      tier: 'free',
      subscription: { state: 'ended' },
    });
    billing.clock.advance(-(3 * DAY_MS + 60_000));

    billing.stripe.recoverPayment(id);
    await billing.stripe.settled();
    expect(await billing.status(ema)).toMatchObject({
      tier: 'premium',
      subscription: { state: 'active', graceEndsAt: null },
    });
  });

  it('cancels at the period’s end and resumes; after the end the account is free', async () => {
    const ema = await billing.user('cancel');
    await billing.subscribe(ema);
    const id = await billing.subscriptionOf(ema);

    const cancelled = await ema.call('POST', '/billing/cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      tier: 'premium',
      subscription: { state: 'cancelling' },
    });
    expect(billing.stripe.subscriptions.get(id)?.cancel_at_period_end).toBe(true);

    const resumed = await ema.call('POST', '/billing/resume');
    expect(resumed.json()).toMatchObject({ subscription: { state: 'trial' } });
    expect(billing.stripe.subscriptions.get(id)?.cancel_at_period_end).toBe(false);

    await ema.call('POST', '/billing/cancel');
    billing.stripe.endPeriod(id);
    await billing.stripe.settled();
    expect(await billing.status(ema)).toMatchObject({
      tier: 'free',
      subscription: { state: 'ended' },
    });
  });

  it('opens the customer portal for the account’s own customer', async () => {
    const ema = await billing.user('portal');
    const none = await ema.call('POST', '/billing/portal', { language: 'cs' });
    expect(none.json()).toMatchObject({ error_code: 'no_subscription' });
    await billing.subscribe(ema);
    const res = await ema.call('POST', '/billing/portal', { language: 'cs' });
    expect(res.json<{ url: string }>().url).toMatch(`${billing.stripe.url}/p/session/`);
    const customer = [...billing.stripe.customers.values()].find(
      (c) => c.metadata.user_id === ema.id,
    );
    expect(billing.stripe.requests.at(-1)?.body).toMatchObject({ customer: customer?.id });
  });

  it('never lets another account see, cancel or manage a subscription', async () => {
    const ema = await billing.user('owner');
    const mallory = await billing.user('mallory');
    await billing.subscribe(ema);
    expect(await billing.status(mallory)).toMatchObject({ tier: 'free', subscription: null });
    for (const url of ['/billing/cancel', '/billing/resume']) {
      expect((await mallory.call('POST', url)).json()).toMatchObject({
        error_code: 'no_subscription',
      });
    }
    expect(await billing.status(ema)).toMatchObject({ subscription: { state: 'trial' } });
    expect((await billing.t.app.inject({ url: '/api/v1/billing' })).statusCode).toBe(401);
  });
});

describe('billing when Stripe cannot be reached', () => {
  it('answers 503 billing_unavailable, and nothing is bought', async () => {
    const t = await buildTestApp({
      billing: billingConfig('http://127.0.0.1:9', DEFAULT_FREE_LIMITS),
    });
    try {
      const ema = await apiUser(t, 'unreachable');
      const res = await ema.call('POST', '/billing/checkout', { language: 'cs' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ error_code: 'billing_unavailable' });
      expect((await ema.call('GET', '/billing')).json()).toMatchObject({ subscription: null });
    } finally {
      await t.close();
    }
  });
});
