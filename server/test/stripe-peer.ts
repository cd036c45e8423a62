import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createApi, type PeerRequest } from './stripe-peer/api.ts';
import { createStore, decline, expire, pay, type Emit } from './stripe-peer/billing.ts';
import { handleControl } from './stripe-peer/control.ts';
import { handleHosted } from './stripe-peer/hosted.ts';
import * as lifecycle from './stripe-peer/lifecycle.ts';
import { API_VERSION, newId, type PeerPrice, type StripeEvent } from './stripe-peer/objects.ts';
import {
  Deliverer,
  type Delivery,
  type ReleaseOrder,
  type SignOptions,
} from './stripe-peer/webhooks.ts';

export type { PeerPrice, StripeEvent, Delivery, PeerRequest, SignOptions, ReleaseOrder };
export type {
  CheckoutSession,
  Customer,
  Invoice,
  PortalSession,
  Subscription,
} from './stripe-peer/objects.ts';

export interface StripePeerOptions {
  /** The only API key the peer accepts (`Authorization: Bearer <key>`). */
  secretKey: string;
  /** The endpoint secret (`whsec_…`) webhook payloads are signed with. */
  webhookSecret: string;
  /** Where events are POSTed; without one they are only recorded in `events`. */
  webhookUrl?: string;
  /** The prices checkout sessions may sell (recurring, monthly unless told). */
  prices: PeerPrice[];
  /** 0 (a free port) unless given. */
  port?: number;
}

const sendReply = (
  response: ServerResponse,
  reply: { status: number; headers: Record<string, string>; body: string },
) => response.writeHead(reply.status, reply.headers).end(reply.body);

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function createState(options: StripePeerOptions) {
  let frozen: number | undefined;
  let base = '';
  const now = () => frozen ?? Date.now();
  const events: StripeEvent[] = [];
  const requests: PeerRequest[] = [];
  const deliverer = new Deliverer(options.webhookSecret, options.webhookUrl);
  const emit: Emit = (type, object, previous, request) => {
    const event: StripeEvent = {
      id: newId('evt_'),
      object: 'event',
      api_version: API_VERSION,
      created: Math.floor(now() / 1000),
      data: {
        object: structuredClone(object) as Record<string, unknown>,
        ...(previous ? { previous_attributes: structuredClone(previous) } : {}),
      },
      livemode: false,
      pending_webhooks: deliverer.hasUrl() ? 1 : 0,
      request: request ?? { id: null, idempotency_key: null },
      type,
    };
    events.push(event);
    deliverer.enqueue(event);
  };
  const store = createStore({ prices: options.prices, now, emit, base: () => base });
  const api = createApi({ secretKey: options.secretKey, store, requests });
  const setBase = (url: string) => {
    base = url;
  };
  const setNow = (ms?: number) => {
    frozen = ms;
  };
  const { secretKey } = options;
  return { secretKey, now, setNow, setBase, events, requests, deliverer, store, api };
}

export type PeerState = ReturnType<typeof createState>;

function route(state: PeerState, request: IncomingMessage, body: string) {
  const path = new URL(request.url ?? '/', 'http://peer').pathname;
  const method = request.method ?? 'GET';
  if (path.startsWith('/v1/')) {
    const reply = state.api(request, body);
    const headers = { ...reply.headers, 'content-type': 'application/json' };
    return { status: reply.status, headers, body: JSON.stringify(reply.body, null, 2) };
  }
  if (path.startsWith('/__peer/')) return handleControl(state, request, path, body);
  return handleHosted(state.store, method, path);
}

/**
 * Stripe's API (customers, Checkout in subscription mode, subscriptions, the customer portal) on a
 * loopback port, for the official `stripe` SDK pointed at it (`host`, `port`, `protocol: 'http'`).
 * Its hosted pages stand in for Stripe Checkout and the portal; its events go to `webhookUrl`
 * signed as Stripe signs them. Objects' timestamps follow the peer's clock (`setNow`); signature
 * timestamps follow the real one, as a receiver checks them against it.
 */
export async function startStripePeer(options: StripePeerOptions) {
  const state = createState(options);
  const server = createServer((request, response) => {
    readBody(request)
      .then((body) => sendReply(response, route(state, request, body)))
      .catch((error: unknown) => {
        const body = JSON.stringify({ error: { type: 'api_error', message: String(error) } });
        if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
        response.end(body);
      });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  server.unref();
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  state.setBase(url);
  return peerControls(state, url, port, async () => {
    await state.deliverer.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}

function peerControls(state: PeerState, url: string, port: number, close: () => Promise<void>) {
  const { store, deliverer } = state;
  const on =
    (action: (store: PeerState['store'], id: string) => unknown) =>
    (id: string): void => {
      action(store, id);
    };
  return {
    /** `http://127.0.0.1:<port>`: what STRIPE_API_URL would be. */
    url,
    port,
    events: state.events,
    deliveries: deliverer.deliveries,
    requests: state.requests,
    customers: store.customers,
    sessions: store.sessions,
    subscriptions: store.subscriptions,
    invoices: store.invoices,
    portalSessions: store.portalSessions,
    now: state.now,
    /** Freeze the peer's clock at `ms` (epoch milliseconds); no argument returns to real time. */
    setNow: state.setNow,
    setWebhookUrl: (webhookUrl: string | undefined) => deliverer.setUrl(webhookUrl),
    /** Resolves once `count` deliveries (redeliveries included) were made; rejects after 5 s. */
    waitForDeliveries: deliverer.waitForDeliveries,
    /** Resolves once every event emitted so far and not held back has been delivered. */
    settled: deliverer.settled,
    hold: deliverer.hold,
    release: (options: { order?: ReleaseOrder } = {}) => deliverer.release(options.order),
    redeliver(eventId: string) {
      const event = state.events.find((candidate) => candidate.id === eventId);
      if (!event) throw new Error(`No such event: ${eventId}`);
      return deliverer.redeliver(event);
    },
    sign: (body: string, options?: SignOptions) => deliverer.sign(body, options),
    post: deliverer.post,
    /** The hosted page's "Pay": returns the success URL the browser is sent to. */
    pay: (sessionId: string) => pay(store, sessionId),
    decline: on(decline),
    expire: on(expire),
    endTrial: on(lifecycle.endTrial),
    failPayment: on(lifecycle.failPayment),
    recoverPayment: on(lifecycle.recoverPayment),
    renew: on(lifecycle.renew),
    endPeriod: on(lifecycle.endPeriod),
    unpaid: on(lifecycle.unpaid),
    close,
  };
}

export type StripePeer = Awaited<ReturnType<typeof startStripePeer>>;
