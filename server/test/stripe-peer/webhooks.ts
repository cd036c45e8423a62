import { createHmac } from 'node:crypto';
import type { StripeEvent } from './objects.ts';

/** One attempt to deliver an event: the endpoint's HTTP status (0 when it could not be reached). */
export interface Delivery {
  event: StripeEvent;
  status: number;
  /** Why the endpoint could not be reached, when it could not. */
  error?: string;
}

export interface SignOptions {
  /** Unix seconds; the real clock's now by default (not the peer's test clock). */
  timestamp?: number;
  /** Sign with this secret instead of the configured webhook secret. */
  secret?: string;
}

export type ReleaseOrder = 'as-emitted' | 'reversed';

/** `t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as Stripe signs webhook payloads. */
export function signPayload(body: string, secret: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

const realSeconds = () => Math.floor(Date.now() / 1000);

const WEBHOOK_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
  'cache-control': 'no-cache',
  accept: '*/*; q=0.5, application/xml',
};

/**
 * Sends events to the webhook endpoint one at a time, in the order they are queued (Stripe does not
 * promise an order; tests reorder with `hold()` and `release('reversed')`). Methods are arrow
 * functions so they can be handed out on their own.
 */
export class Deliverer {
  readonly deliveries: Delivery[] = [];
  #secret: string;
  #url: string | undefined;
  #chain: Promise<unknown> = Promise.resolve();
  #held: StripeEvent[] | undefined;
  #closed = false;
  #waiters = new Set<() => void>();

  constructor(secret: string, url: string | undefined) {
    this.#secret = secret;
    this.#url = url;
  }

  hasUrl = () => this.#url !== undefined;

  setUrl = (url: string | undefined) => {
    this.#url = url;
  };

  sign = (body: string, options: SignOptions = {}) =>
    signPayload(body, options.secret ?? this.#secret, options.timestamp ?? realSeconds());

  #post = async (body: string, signature: string) => {
    if (!this.#url) throw new Error('The Stripe peer has no webhook URL (setWebhookUrl).');
    const response = await fetch(this.#url, {
      method: 'POST',
      headers: { ...WEBHOOK_HEADERS, 'stripe-signature': signature },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    return { status: response.status, body: await response.text() };
  };

  #deliverOnce = async (event: StripeEvent): Promise<Delivery> => {
    if (this.#closed) return { event, status: 0, error: 'peer closed' };
    const body = JSON.stringify(event, null, 2);
    let delivery: Delivery;
    try {
      delivery = { event, status: (await this.#post(body, this.sign(body))).status };
    } catch (error) {
      delivery = { event, status: 0, error: String(error) };
    }
    this.deliveries.push(delivery);
    for (const wake of this.#waiters) wake();
    return delivery;
  };

  /** Sends the event after everything queued before it (again, when it was sent already). */
  redeliver = (event: StripeEvent): Promise<Delivery> => {
    const next = this.#chain.then(() => this.#deliverOnce(event));
    this.#chain = next;
    return next;
  };

  /** Queue a new event (held back while `hold()` is on); a no-op without a webhook URL. */
  enqueue = (event: StripeEvent) => {
    if (!this.#url) return;
    if (this.#held) this.#held.push(event);
    else void this.redeliver(event);
  };

  hold = () => {
    this.#held ??= [];
  };

  /** Send what was held, in emission order or reversed; resolves once all are delivered. */
  release = (order: ReleaseOrder = 'as-emitted') => {
    const queued = this.#held ?? [];
    this.#held = undefined;
    if (order === 'reversed') queued.reverse();
    return Promise.all(queued.map(this.redeliver));
  };

  /** POST any body with a signature (a correct one for the body unless given). */
  post = (event: unknown, options: { signature?: string } = {}) => {
    const body = typeof event === 'string' ? event : JSON.stringify(event, null, 2);
    return this.#post(body, options.signature ?? this.sign(body));
  };

  /** Resolves once `count` deliveries were made (redeliveries count); rejects after `timeoutMs`. */
  waitForDeliveries = (count: number, timeoutMs = 5000): Promise<Delivery[]> =>
    new Promise((resolve, reject) => {
      const check = () => {
        if (this.deliveries.length < count) return;
        cleanup();
        resolve(this.deliveries.slice());
      };
      const timer = setTimeout(() => {
        cleanup();
        const got = this.deliveries.map((d) => `${d.event.type} (${d.status})`).join(', ');
        reject(new Error(`Waited for ${count} webhook deliveries; got ${got || 'none'}.`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.#waiters.delete(check);
      };
      this.#waiters.add(check);
      check();
    });

  /** Resolves once every delivery queued so far (and any queued meanwhile) has been made. */
  settled = async () => {
    let seen: Promise<unknown> | undefined;
    while (seen !== this.#chain) {
      seen = this.#chain;
      await seen;
    }
  };

  close = async () => {
    this.#closed = true;
    this.#held = undefined;
    await this.#chain;
  };
}
