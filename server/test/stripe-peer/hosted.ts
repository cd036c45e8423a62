import { decline, pay, type Store } from './billing.ts';
import { update } from './lifecycle.ts';
import { checkoutPage, notFoundPage, portalPage } from './pages.ts';

export interface PageReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const html = (status: number, body: string): PageReply => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  body,
});

const redirect = (location: string): PageReply => ({
  status: 303,
  headers: { location },
  body: '',
});

function checkout(store: Store, method: string, id: string, action: string | undefined) {
  const session = store.sessions.get(id);
  const plan = store.plans.get(id);
  if (!session || !plan) return html(404, notFoundPage());
  if (action === undefined) {
    return method === 'GET' ? html(200, checkoutPage(session, plan)) : html(404, notFoundPage());
  }
  if (method !== 'POST') return html(404, notFoundPage());
  if (session.status !== 'open') return html(200, checkoutPage(session, plan));
  if (action === 'pay') return redirect(pay(store, id));
  decline(store, id);
  return html(200, checkoutPage(session, plan, { declined: true }));
}

function portal(
  store: Store,
  method: string,
  parts: { id: string; action?: string; subscription?: string },
) {
  const session = store.portalSessions.get(parts.id);
  const customer = session ? store.customers.get(session.customer) : undefined;
  if (!session || !customer) return html(404, notFoundPage());
  const own = store.subscriptions.get(parts.subscription ?? '');
  if (method === 'POST' && own?.customer === customer.id && own.status !== 'canceled') {
    const cancel = parts.action === 'cancel' ? 'true' : 'false';
    update(store, own.id, { cancel_at_period_end: cancel }, { id: null, idempotency_key: null });
    return redirect(`/p/session/${session.id}`);
  }
  if (method !== 'GET' || parts.action) return html(404, notFoundPage());
  const subscriptions = [...store.subscriptions.values()].filter(
    (sub) => sub.customer === customer.id,
  );
  return html(200, portalPage(session, customer, subscriptions));
}

/**
 * The pages a browser sees: Stripe Checkout at `/c/pay/<session>` (Pay, Decline card, Back) and
 * the customer portal at `/p/session/<portal session>` (cancel or renew, Return).
 */
export function handleHosted(store: Store, method: string, path: string): PageReply {
  const pay = /^\/c\/pay\/([^/]+)(?:\/(pay|decline))?$/.exec(path);
  if (pay?.[1]) return checkout(store, method, pay[1], pay[2]);
  const portalMatch = /^\/p\/session\/([^/]+)(?:\/(cancel|renew)\/([^/]+))?$/.exec(path);
  if (portalMatch?.[1]) {
    const parts = { id: portalMatch[1], action: portalMatch[2], subscription: portalMatch[3] };
    return portal(store, method, parts);
  }
  return html(404, notFoundPage());
}
