import {
  BillingStatusSchema,
  RedirectSchema,
  type BillingStatus,
} from '@partak/domain/api/billing';
import type { Language } from '@partak/domain/languages';
import { apiJson } from '@/lib/api-client.ts';

/** The signed-in account's plan, subscription and usage (GET /api/v1/billing). */
export const fetchBillingStatus = (): Promise<BillingStatus> =>
  apiJson('/billing', BillingStatusSchema);

/** Where to buy: the provider's hosted checkout, in the interface language. */
export async function checkoutUrl(language: Language): Promise<string> {
  const { url } = await apiJson('/billing/checkout', RedirectSchema, {
    method: 'POST',
    body: { language },
  });
  return url;
}

/** The provider's page for the card and the invoices. */
export async function portalUrl(language: Language): Promise<string> {
  const { url } = await apiJson('/billing/portal', RedirectSchema, {
    method: 'POST',
    body: { language },
  });
  return url;
}

/** Cancels at the period's end (`true`) or takes that back (`false`). */
export const setCancelled = (cancel: boolean): Promise<BillingStatus> =>
  apiJson(cancel ? '/billing/cancel' : '/billing/resume', BillingStatusSchema, { method: 'POST' });

/** Leaves the app for the provider's page (checkout or portal). */
export function goTo(url: string): void {
  window.location.assign(url);
}
