import type { IncomingMessage } from 'node:http';
import {
  createCheckoutSession,
  createCustomer,
  createPortalSession,
  type EventRequest,
  type Store,
} from './billing.ts';
import { noSuch, PeerApiError, type StripeErrorBody } from './errors.ts';
import { field, parseForm, type Form } from './form.ts';
import { cancel, update } from './lifecycle.ts';
import { API_VERSION, list, newId, priceObject } from './objects.ts';

/** A request our server sent to the Stripe API, with its parameters parsed. */
export interface PeerRequest {
  method: string;
  path: string;
  /** The form body of a POST, the query string's parameters otherwise. */
  body: Form;
  headers: IncomingMessage['headers'];
}

export interface ApiReply {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

interface ApiContext {
  secretKey: string;
  store: Store;
  requests: PeerRequest[];
}

type Handler = (id: string, params: Form, request: EventRequest) => unknown;

const errorReply = (status: number, error: StripeErrorBody) => ({ status, body: { error } });

function authError(header: string | undefined) {
  const key = /^Bearer (.+)$/i.exec(header ?? '')?.[1]?.trim();
  const message = key
    ? `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
    : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').";
  return errorReply(401, { type: 'invalid_request_error', message });
}

function routes(context: ApiContext): [string, RegExp, Handler][] {
  const { store } = context;
  const found =
    <T>(map: Map<string, T>, kind: string) =>
    (id: string) => {
      const value = map.get(id);
      if (value === undefined) throw noSuch(kind, id);
      return value;
    };
  const listSubscriptions = (params: Form) => {
    const customer = field(params, 'customer');
    const status = field(params, 'status');
    const data = [...store.subscriptions.values()]
      .filter((sub) => !customer || sub.customer === customer)
      .filter((sub) =>
        status ? status === 'all' || sub.status === status : sub.status !== 'canceled',
      )
      .reverse();
    return list(data, '/v1/subscriptions');
  };
  const price = (id: string) => {
    const known = store.prices.find((candidate) => candidate.id === id);
    if (!known) throw noSuch('price', id);
    return priceObject(known, 0);
  };
  return [
    ['POST', /^\/v1\/customers$/, (_, params) => createCustomer(store, params)],
    ['GET', /^\/v1\/customers\/([^/]+)$/, found(store.customers, 'customer')],
    ['POST', /^\/v1\/checkout\/sessions$/, (_, params) => createCheckoutSession(store, params)],
    ['GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, found(store.sessions, 'checkout.session')],
    ['GET', /^\/v1\/subscriptions$/, (_, params) => listSubscriptions(params)],
    ['GET', /^\/v1\/subscriptions\/([^/]+)$/, found(store.subscriptions, 'subscription')],
    [
      'POST',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (id, params, request) => update(store, id, params, request),
    ],
    ['DELETE', /^\/v1\/subscriptions\/([^/]+)$/, (id, _, request) => cancel(store, id, request)],
    ['GET', /^\/v1\/invoices\/([^/]+)$/, found(store.invoices, 'invoice')],
    ['GET', /^\/v1\/prices\/([^/]+)$/, price],
    ['POST', /^\/v1\/billing_portal\/sessions$/, (_, params) => createPortalSession(store, params)],
  ];
}

/** Replaces the top-level ids named in `expand` with the objects (Stripe's `expand[]`). */
function expand(object: unknown, params: Form, store: Store): unknown {
  const paths = params.expand;
  if (!Array.isArray(paths) || typeof object !== 'object' || object === null) return object;
  const copy = structuredClone(object) as Record<string, unknown>;
  const stores = [store.customers, store.subscriptions, store.invoices, store.sessions];
  for (const path of paths) {
    if (typeof path !== 'string') continue;
    const id = copy[path];
    const target = typeof id === 'string' ? stores.map((s) => s.get(id)).find(Boolean) : undefined;
    if (target) copy[path] = target;
  }
  return copy;
}

function dispatch(
  context: ApiContext,
  method: string,
  path: string,
  params: Form,
  request: EventRequest,
) {
  for (const [verb, pattern, handler] of routes(context)) {
    const match = pattern.exec(path);
    if (!match || verb !== method) continue;
    const id = decodeURIComponent(match[1] ?? '');
    return { status: 200, body: expand(handler(id, params, request), params, context.store) };
  }
  return errorReply(404, {
    type: 'invalid_request_error',
    message: `Unrecognized request URL (${method}: ${path}). The Stripe peer does not speak this part of the API.`,
  });
}

/**
 * Creates the API side of the peer: `handle` answers one `/v1` request as Stripe would, with
 * Bearer auth, idempotency keys on POST and Stripe's error bodies.
 */
export function createApi(context: ApiContext) {
  const idempotent = new Map<string, { fingerprint: string; reply: ApiReply }>();

  function answer(method: string, path: string, params: Form, request: EventRequest) {
    try {
      return dispatch(context, method, path, params, request);
    } catch (error) {
      if (error instanceof PeerApiError) return errorReply(error.status, error.body);
      return errorReply(500, { type: 'api_error', message: String(error) });
    }
  }

  return function handle(incoming: IncomingMessage, text: string): ApiReply {
    const url = new URL(incoming.url ?? '/', 'http://peer');
    const method = incoming.method ?? 'GET';
    const params = parseForm(method === 'POST' ? text : url.search.slice(1));
    context.requests.push({ method, path: url.pathname, body: params, headers: incoming.headers });
    const requestId = newId('req_', 14);
    const version = incoming.headers['stripe-version'];
    const headers: Record<string, string> = {
      'request-id': requestId,
      'stripe-version': typeof version === 'string' ? version : API_VERSION,
    };
    const auth = incoming.headers.authorization;
    if (auth !== `Bearer ${context.secretKey}`) return { ...authError(auth), headers };
    const key = method === 'POST' ? incoming.headers['idempotency-key'] : undefined;
    const idempotencyKey = typeof key === 'string' ? key : null;
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    const fingerprint = `${method} ${url.pathname} ${text}`;
    const earlier = idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
    if (earlier && earlier.fingerprint !== fingerprint) {
      const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`;
      return { ...errorReply(400, { type: 'idempotency_error', message }), headers };
    }
    if (earlier)
      return { ...earlier.reply, headers: { ...headers, 'idempotent-replayed': 'true' } };
    const request = { id: requestId, idempotency_key: idempotencyKey };
    const result = answer(method, url.pathname, params, request);
    // The reply is a snapshot: later changes to the object do not change what was answered.
    const reply = { status: result.status, body: structuredClone(result.body), headers };
    if (idempotencyKey && reply.status < 500)
      idempotent.set(idempotencyKey, { fingerprint, reply });
    return reply;
  };
}
