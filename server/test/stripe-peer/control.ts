import type { IncomingMessage } from 'node:http';
import type { PeerState } from '../stripe-peer.ts';
import { decline, expire, pay } from './billing.ts';
import { field, parseForm } from './form.ts';
import * as lifecycle from './lifecycle.ts';

const SUBSCRIPTION_ACTIONS = {
  'end-trial': 'endTrial',
  'fail-payment': 'failPayment',
  'recover-payment': 'recoverPayment',
  renew: 'renew',
  'end-period': 'endPeriod',
  unpaid: 'unpaid',
} as const;

const json = (status: number, body: unknown) => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

function sessionAction(state: PeerState, id: string, action: string) {
  if (action === 'pay') return { redirect: pay(state.store, id) };
  if (action === 'decline') decline(state.store, id);
  else if (action === 'expire') expire(state.store, id);
  else return undefined;
  return {};
}

function subscriptionAction(state: PeerState, id: string, action: string) {
  const name = SUBSCRIPTION_ACTIONS[action as keyof typeof SUBSCRIPTION_ACTIONS];
  if (!name) return undefined;
  lifecycle[name](state.store, id);
  return state.store.subscriptions.get(id);
}

function act(state: PeerState, method: string, path: string, body: string): unknown {
  const [, kind, id, action] = path.split('/').slice(1);
  if (method === 'GET' && kind === 'events') return state.events;
  if (method === 'GET' && kind === 'deliveries') return state.deliverer.deliveries;
  if (method !== 'POST') return undefined;
  if (kind === 'sessions' && id && action) return sessionAction(state, id, action);
  if (kind === 'subscriptions' && id && action) return subscriptionAction(state, id, action);
  if (kind === 'events' && id && action === 'redeliver') {
    const event = state.events.find((candidate) => candidate.id === id);
    if (!event) throw new Error(`No such event: ${id}`);
    void state.deliverer.redeliver(event);
    return {};
  }
  const form = parseForm(body);
  if (kind === 'clock') {
    const now = field(form, 'now');
    state.setNow(now ? Number(now) : undefined);
    return { now: state.now() };
  }
  if (kind === 'hold') return (state.deliverer.hold(), {});
  if (kind === 'release') {
    void state.deliverer.release(field(form, 'order') === 'reversed' ? 'reversed' : 'as-emitted');
    return {};
  }
  return undefined;
}

/**
 * Test controls over HTTP for a peer in another process (the browser tests), behind the secret
 * key: `POST /__peer/sessions/<id>/(pay|decline|expire)`,
 * `POST /__peer/subscriptions/<id>/(end-trial|fail-payment|recover-payment|renew|end-period|unpaid)`,
 * `POST /__peer/events/<id>/redeliver`, `POST /__peer/clock` (`now=<ms>`, empty for real time),
 * `POST /__peer/hold`, `POST /__peer/release` (`order=reversed`), `GET /__peer/events`,
 * `GET /__peer/deliveries`.
 */
export function handleControl(
  state: PeerState,
  request: IncomingMessage,
  path: string,
  body: string,
) {
  const key = state.secretKey;
  if (request.headers.authorization !== `Bearer ${key}`) {
    return json(401, { error: { message: 'The peer controls need the secret key.' } });
  }
  try {
    const result = act(state, request.method ?? 'GET', path, body);
    return result === undefined
      ? json(404, { error: { message: 'No such control.' } })
      : json(200, result);
  } catch (error) {
    return json(400, {
      error: { message: error instanceof Error ? error.message : String(error) },
    });
  }
}
