import type { SessionFields } from './billing-objects.ts';
import type { CheckoutSession, Customer, Subscription } from './objects.ts';

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;' +
  'line-height:1.5}form{display:inline}button{font:inherit;padding:.5rem 1rem;' +
  'margin:.5rem .5rem 0 0}[role=alert]{color:#a00}';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

function page(title: string, body: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    `<body><main>${body}</main></body>`,
    '</html>',
  ].join('\n');
}

/** An amount in the currency's minor unit as English text: `CZK 599.00`. */
export function formatAmount(minor: number, currency: string): string {
  const format = new Intl.NumberFormat('en', {
    style: 'currency',
    currency: currency.toUpperCase(),
  });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits).replace(/\u00a0/g, ' ');
}

const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

function button(action: string, label: string) {
  return `<form method="post" action="${escapeHtml(action)}"><button type="submit">${label}</button></form>`;
}

/** Stripe's hosted payment page, reduced to its two outcomes: pay, or a declined card. */
export function checkoutPage(
  session: CheckoutSession,
  plan: SessionFields,
  options: { declined?: boolean } = {},
): string {
  const price = formatAmount(plan.price.unit_amount * plan.quantity, plan.price.currency);
  const interval = plan.price.interval ?? 'month';
  const parts = [`<h1>${escapeHtml(price)} per ${interval}</h1>`];
  if (plan.trialDays) {
    parts.push(`<p>${plan.trialDays} days free, then ${escapeHtml(price)} per ${interval}.</p>`);
  }
  if (session.status !== 'open') {
    parts.push(`<p>This checkout session is ${session.status}.</p>`);
    return page('Checkout', parts.join('\n'));
  }
  const email = session.customer_email ?? 'your account';
  parts.push(`<p>Test card 4242 4242 4242 4242 for ${escapeHtml(email)}.</p>`);
  if (options.declined) parts.push('<p role="alert">Your card was declined.</p>');
  parts.push(button(`/c/pay/${session.id}/pay`, 'Pay'));
  parts.push(button(`/c/pay/${session.id}/decline`, 'Decline card'));
  if (session.cancel_url) {
    parts.push(`<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>`);
  }
  return page('Checkout', parts.join('\n'));
}

function subscriptionLine(portalId: string, sub: Subscription) {
  const item = sub.items.data[0];
  const price = item
    ? formatAmount(item.price.unit_amount * item.quantity, item.price.currency)
    : '';
  const end = item ? day(item.current_period_end) : '';
  const when = sub.cancel_at_period_end ? `Cancels on ${end}.` : `Renews on ${end}.`;
  const action = sub.cancel_at_period_end
    ? button(`/p/session/${portalId}/renew/${sub.id}`, 'Renew subscription')
    : button(`/p/session/${portalId}/cancel/${sub.id}`, 'Cancel subscription');
  return `<section><h2>${escapeHtml(price)}</h2><p>Status: ${sub.status}. ${when}</p>${action}</section>`;
}

/** The customer portal: the customer's subscriptions, cancel or renew, and the way back. */
export function portalPage(
  portal: { id: string; return_url: string | null },
  customer: Customer,
  subscriptions: Subscription[],
): string {
  const who = customer.name ?? customer.email ?? customer.id;
  const parts = [`<h1>Billing for ${escapeHtml(who)}</h1>`];
  const live = subscriptions.filter((sub) => sub.status !== 'canceled');
  if (live.length === 0) parts.push('<p>No active subscription.</p>');
  parts.push(...live.map((sub) => subscriptionLine(portal.id, sub)));
  if (portal.return_url) parts.push(`<p><a href="${escapeHtml(portal.return_url)}">Return</a></p>`);
  return page('Billing', parts.join('\n'));
}

export function notFoundPage(): string {
  return page('Not found', '<h1>This page does not exist.</h1>');
}
