import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import { toast } from '@/lib/toast.ts';
import type { BillingView } from './use-billing.ts';
import { formatDay } from './format-day.ts';

/** How long a finished checkout may take to show before the screen says it is still on its way. */
const CONFIRMATION_WAIT_MS = 15_000;

/** Whether the address says the user just came back from a finished checkout. */
export function useReturnedFromCheckout(): boolean {
  const [params] = useSearchParams();
  return params.get('checkout') === 'done';
}

/**
 * Back from the provider's checkout (`?checkout=done` or `cancelled`, the URLs the server gave
 * it). The provider tells our server by webhook, which may take a moment: until the account shows
 * the subscription (useBilling polls meanwhile), the screen says it is being confirmed. Answers
 * whether it is still waiting.
 */
export function useCheckoutReturn(view: BillingView): boolean {
  const { t, language } = useTranslation('subscription');
  const [params, setParams] = useSearchParams();
  const outcome = params.get('checkout');
  const summary = view.kind === 'ready' ? view.status.subscription : undefined;
  const confirmed = summary !== undefined && summary !== null && summary.state !== 'ended';

  useEffect(() => {
    if (outcome !== 'cancelled') return;
    toast.info(t('toast.checkoutCancelledTitle'), t('toast.checkoutCancelledText'));
    setParams({}, { replace: true });
  }, [outcome, setParams, t]);

  useEffect(() => {
    if (outcome !== 'done' || !confirmed) return;
    const trialEnd = formatDay(summary.trialEndsAt, language);
    toast.success(
      t('toast.boughtTitle'),
      trialEnd ? t('toast.trialText', { trialEnd }) : t('toast.boughtText'),
    );
    setParams({}, { replace: true });
  }, [outcome, confirmed, summary, language, setParams, t]);

  useEffect(() => {
    if (outcome !== 'done') return;
    const timer = setTimeout(() => {
      toast.info(t('toast.slowTitle'), t('toast.slowText'));
      setParams({}, { replace: true });
    }, CONFIRMATION_WAIT_MS);
    return () => clearTimeout(timer);
  }, [outcome, setParams, t]);

  return outcome === 'done' && !confirmed;
}
