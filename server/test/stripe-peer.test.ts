import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStripePeer, type StripePeer } from './stripe-peer.ts';
import { startReceiver } from './stripe-peer/receiver.ts';

const SECRET_KEY = 'sk_test_peer_0123456789';
const WEBHOOK_SECRET = 'whsec_peer_0123456789';
const SUCCESS = 'http://127.0.0.1:9/billing/done?session={CHECKOUT_SESSION_ID}';

let peer: StripePeer;
let stripe: Stripe;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

const sdk = (key = SECRET_KEY) =>
  new Stripe(key, { host: '127.0.0.1', port: peer.port, protocol: 'http', maxNetworkRetries: 0 });

beforeAll(async () => {
  peer = await startStripePeer({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    prices: [{ id: 'price_czk', currency: 'czk', unit_amount: 59900 }],
  });
  stripe = sdk();
  receiver = await startReceiver(stripe, WEBHOOK_SECRET);
  peer.setWebhookUrl(receiver.url);
});

afterAll(async () => {
  await peer.close();
  await receiver.close();
});

beforeEach(async () => {
  // Each test starts once the previous one's deliveries are in.
  await peer.settled();
  receiver.clear();
});

/** The value, or a failed test when it is missing. */
function present<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('Expected a value.');
  return value;
}

/** A customer and an open subscription checkout for them (14 trial days unless told). */
async function checkout(trialDays: number | undefined = 14) {
  const customer = await stripe.customers.create({
    email: 'jana@example.com',
    name: 'Jana Nováková',
    metadata: { user_id: 'u1' },
  });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    client_reference_id: 'u1',
    line_items: [{ price: 'price_czk', quantity: 1 }],
    subscription_data: {
      ...(trialDays ? { trial_period_days: trialDays } : {}),
      metadata: { user_id: 'u1' },
    },
    metadata: { user_id: 'u1' },
    success_url: SUCCESS,
    cancel_url: 'http://127.0.0.1:9/billing',
    locale: 'cs',
  });
  return { customer, session };
}

/** Press "Pay" on the hosted page as a browser would; the 303's Location. */
async function payOnPage(url: string) {
  const page = await fetch(url);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"><button type="submit">Pay</.exec(html)?.[1];
  expect(action).toBeDefined();
  const response = await fetch(new URL(present(action), url), {
    method: 'POST',
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
  return response.headers.get('location');
}

async function paidSubscription(trialDays?: number) {
  const { session } = await checkout(trialDays);
  await payOnPage(present(session.url));
  await peer.settled();
  const paid = await stripe.checkout.sessions.retrieve(session.id);
  return stripe.subscriptions.retrieve(paid.subscription as string);
}

describe('the Stripe peer with the official SDK', () => {
  it('creates a trial checkout session hosted on its own page', async () => {
    const { customer, session } = await checkout();
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      subscription: null,
      customer: customer.id,
      locale: 'cs',
    });
    expect(session.url).toBe(`${peer.url}/c/pay/${session.id}`);
    expect(session.id).toMatch(/^cs_test_/);
    const sent = peer.requests.find(
      (r) => r.method === 'POST' && r.path === '/v1/checkout/sessions',
    );
    expect(sent?.body).toMatchObject({
      client_reference_id: 'u1',
      line_items: [{ price: 'price_czk', quantity: '1' }],
      subscription_data: { trial_period_days: '14', metadata: { user_id: 'u1' } },
    });
    const page = await (await fetch(present(session.url))).text();
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('CZK 599.00 per month');
    expect(page).not.toContain('<script');
    expect(page).toContain('<a href="http://127.0.0.1:9/billing">Back</a>');
  });

  it('completes a trial checkout on its hosted page and signs the webhooks', async () => {
    const { customer, session } = await checkout();
    const delivered = peer.deliveries.length;
    expect(await payOnPage(present(session.url))).toBe(
      `http://127.0.0.1:9/billing/done?session=${session.id}`,
    );
    await peer.waitForDeliveries(delivered + 3);
    expect(receiver.types()).toEqual([
      'customer.subscription.created',
      'invoice.paid',
      'checkout.session.completed',
    ]);
    const [created, invoicePaid, completed] = receiver.received;
    expect(created?.contentType).toBe('application/json; charset=utf-8');
    expect(created?.event).toMatchObject({ object: 'event', api_version: '2026-10-28.endive' });
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    expect(paid).toMatchObject({ status: 'complete', payment_status: 'no_payment_required' });
    expect(completed?.event?.data.object).toMatchObject({ id: session.id, status: 'complete' });

    const sub = await stripe.subscriptions.retrieve(paid.subscription as string);
    expect(sub).toMatchObject({
      status: 'trialing',
      cancel_at_period_end: false,
      customer: customer.id,
    });
    expect(sub.metadata).toEqual({ user_id: 'u1' });
    expect(sub.items.data[0]?.price.id).toBe('price_czk');
    expect(sub.items.data[0]?.current_period_end).toBe(sub.trial_end);
    expect(present(sub.trial_end) - present(sub.trial_start)).toBe(14 * 86_400);
    const invoice = invoicePaid?.event?.data.object as Stripe.Invoice;
    expect(invoice.amount_paid).toBe(0);
    expect(invoice.parent?.subscription_details?.subscription).toBe(sub.id);
    expect(sub.latest_invoice).toBe(invoice.id);
  });

  it('charges 599 Kč at once without a trial', async () => {
    const sub = await paidSubscription(0);
    expect(sub.status).toBe('active');
    const invoice = await peer.invoices.get(sub.latest_invoice as string);
    expect(invoice).toMatchObject({ amount_paid: 59900, billing_reason: 'subscription_create' });
  });

  it('shows a declined card and creates nothing', async () => {
    const { session } = await checkout();
    const before = peer.events.length;
    const response = await fetch(`${session.url}/decline`, { method: 'POST' });
    expect(await response.text()).toContain('Your card was declined.');
    expect(peer.events.length).toBe(before);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
  });

  it('cancels at the period end through the API, then ends the subscription', async () => {
    const sub = await paidSubscription();
    receiver.clear();
    const updated = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    expect(updated.cancel_at).toBe(sub.items.data[0]?.current_period_end);
    peer.endPeriod(sub.id);
    await peer.settled();
    expect(receiver.types()).toEqual([
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ]);
    expect(receiver.received[0]?.event?.data.previous_attributes).toMatchObject({
      cancel_at_period_end: false,
    });
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('canceled');
  });

  it('goes through trial end, a failed payment and its recovery', async () => {
    const sub = await paidSubscription();
    receiver.clear();
    peer.endTrial(sub.id);
    peer.failPayment(sub.id);
    peer.recoverPayment(sub.id);
    await peer.settled();
    expect(receiver.types()).toEqual([
      ...['invoice.paid', 'customer.subscription.updated'],
      ...['invoice.payment_failed', 'customer.subscription.updated'],
      ...['invoice.paid', 'customer.subscription.updated'],
    ]);
    const events = receiver.received.map((entry) => present(entry.event));
    expect((events[0]?.data.object as Stripe.Invoice).amount_paid).toBe(59900);
    expect(events[1]?.data.previous_attributes).toMatchObject({ status: 'trialing' });
    expect((events[3]?.data.object as Stripe.Subscription).status).toBe('past_due');
    expect((events[5]?.data.object as Stripe.Subscription).status).toBe('active');
  });

  it('opens a portal session naming the customer, where they cancel', async () => {
    const sub = await paidSubscription();
    const customer = await stripe.customers.retrieve(sub.customer as string);
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://127.0.0.1:9/settings',
      locale: 'cs',
    });
    expect(portal.url).toBe(`${peer.url}/p/session/${portal.id}`);
    expect(portal.id).toMatch(/^bps_/);
    const page = await (await fetch(portal.url)).text();
    expect(page).toContain('Jana Nováková');
    expect(page).toContain('<a href="http://127.0.0.1:9/settings">Return</a>');
    const cancel = `${portal.url}/cancel/${sub.id}`;
    expect(page).toContain(`action="${new URL(cancel).pathname}"`);
    await fetch(cancel, { method: 'POST', redirect: 'manual' });
    expect(peer.subscriptions.get(sub.id)?.cancel_at_period_end).toBe(true);
  });

  it('holds deliveries, releases them reversed and redelivers one', async () => {
    peer.hold();
    await paidSubscription();
    expect(receiver.received).toHaveLength(0);
    await peer.release({ order: 'reversed' });
    expect(receiver.types()).toEqual([
      'checkout.session.completed',
      'invoice.paid',
      'customer.subscription.created',
    ]);
    const first = present(receiver.received[0]?.event);
    const again = await peer.redeliver(first.id);
    expect(again.status).toBe(200);
    expect(receiver.received[3]?.event?.id).toBe(first.id);
  });

  it('makes signatures the SDK refuses when stale or from another secret', async () => {
    const body = JSON.stringify({ id: 'evt_x', object: 'event', type: 'ping' });
    const stale = peer.sign(body, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(() => stripe.webhooks.constructEvent(body, stale, WEBHOOK_SECRET, 300)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    const foreign = peer.sign(body, { secret: 'whsec_other' });
    expect(() => stripe.webhooks.constructEvent(body, foreign, WEBHOOK_SECRET, 300)).toThrow(
      /No signatures found matching/,
    );
    expect((await peer.post(body, { signature: stale })).status).toBe(400);
    expect((await peer.post(body)).status).toBe(200);
  });

  it("answers with Stripe's errors", async () => {
    await expect(sdk('sk_test_wrong_key').customers.create({})).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
    const missing = stripe.subscriptions.retrieve('sub_nope');
    await expect(missing).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(missing).rejects.toMatchObject({ code: 'resource_missing', statusCode: 404 });
    const noSuccess = stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: 'price_czk', quantity: 1 }],
    });
    await expect(noSuccess).rejects.toMatchObject({
      code: 'parameter_missing',
      param: 'success_url',
    });
    const badPrice = stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: 'price_nope', quantity: 1 }],
      success_url: SUCCESS,
    });
    await expect(badPrice).rejects.toMatchObject({ code: 'resource_missing', statusCode: 400 });
  });

  it('answers a repeated idempotency key with the first response', async () => {
    const options = { idempotencyKey: 'same-key' };
    const first = await stripe.customers.create({ email: 'a@example.com' }, options);
    const second = await stripe.customers.create({ email: 'a@example.com' }, options);
    expect(second.id).toBe(first.id);
    const other = stripe.customers.create({ email: 'b@example.com' }, options);
    await expect(other).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });
});
