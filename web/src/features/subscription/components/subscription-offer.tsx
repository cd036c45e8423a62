import { Check, Crown, X } from 'lucide';
import type { ComponentType } from 'react';
import { useNavigate } from 'react-router';
import { formatMonthlyPrice, TRIAL_DAYS } from '@partak/domain/plans';
import { href } from '@partak/domain/routes';
import { Button } from '@/components/ui/button.tsx';
import { DocumentTitle } from '@/components/ui/document-title.tsx';
import { Icon } from '@/components/ui/icon.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { useClientConfig } from '@/lib/client-config.ts';
import { PlanComparison, freeNumbersOf } from './plan-comparison.tsx';
import { SubscriptionStatus } from './subscription-status.tsx';
import { useBillingActions } from '../use-billing-actions.ts';
import { useBilling } from '../use-billing.ts';
import { useCheckoutReturn, useReturnedFromCheckout } from '../use-checkout-return.ts';
import { OfferButtons, type SignInDialogProps } from './offer-buttons.tsx';

const BENEFITS = ['topics', 'advice', 'history', 'support', 'features'] as const;

/**
 * The subscription offer. The price comes from the one plan catalogue in the active language's
 * currency and format, so the badge, the price and the note always agree. Where the server sells
 * the subscription, the trial button leads to the provider's checkout (signing in first), and a
 * subscriber sees its state in words instead; elsewhere the spec's placeholder stays: the trial
 * button says payment is being prepared and checkout is visibly disabled.
 */
export function SubscriptionOffer({
  SignInDialog,
}: {
  SignInDialog: ComponentType<SignInDialogProps>;
}) {
  const { t, language } = useTranslation('subscription');
  const navigate = useNavigate();
  const price = formatMonthlyPrice(language);
  const config = useClientConfig();
  const { view, replace } = useBilling({ poll: useReturnedFromCheckout() });
  const actions = useBillingActions(replace);
  const waiting = useCheckoutReturn(view);
  const status = view.kind === 'ready' ? view.status : undefined;
  const running = status?.subscription && status.subscription.state !== 'ended';

  const back = () => {
    if (window.history.length > 1) navigate(-1);
    else navigate(href('home'));
  };

  return (
    <div className="flex flex-col gap-5">
      <DocumentTitle title={t('title')} />
      <div className="flex items-center justify-between">
        <Button variant="ghost" onClick={back} className="-ms-3">
          {t('back')}
        </Button>
        <h1 className="text-lg font-bold text-slate-900">{t('title')}</h1>
        <Button variant="ghost" onClick={() => navigate(href('home'))} className="-me-3 px-3">
          <Icon icon={X} />
          <span className="sr-only">{t('close')}</span>
        </Button>
      </div>
      {waiting && (
        <p role="status" className="rounded-2xl bg-brand-50 p-4 text-slate-800">
          {t('checkoutWaiting')}
        </p>
      )}
      {status && running && (
        <SubscriptionStatus
          status={status}
          busy={actions.busy}
          onResume={actions.resume}
          onPortal={actions.portal}
        />
      )}
      <section className="relative flex flex-col gap-5 overflow-hidden rounded-3xl bg-gradient-to-br from-brand-700 to-brand-900 p-6 text-white shadow-lg">
        <span className="self-start rounded-full bg-accent-400 px-3 py-1 text-sm font-bold text-slate-900">
          {t('badge', { count: TRIAL_DAYS })}
        </span>
        <div className="flex items-center gap-3">
          <Icon icon={Crown} className="size-8 text-accent-400" />
          <h2 className="text-2xl font-bold">{t('plan')}</h2>
        </div>
        <p className="text-4xl font-extrabold tracking-tight">{t('price', { price })}</p>
        <ul className="flex flex-col gap-2" aria-label={t('benefitsTitle')}>
          {BENEFITS.map((benefit) => (
            <li key={benefit} className="flex items-start gap-2">
              <Icon icon={Check} className="mt-0.5 text-accent-400" />
              {t(`benefits.${benefit}`)}
            </li>
          ))}
        </ul>
        {!running && (
          <OfferButtons
            view={view}
            busy={actions.busy || waiting}
            onCheckout={actions.checkout}
            SignInDialog={SignInDialog}
          />
        )}
        <p className="text-sm text-brand-100">{t('note', { price })}</p>
      </section>
      {config?.billing && (
        <PlanComparison
          free={freeNumbersOf(status, config.freeLimits)}
          modelMentor={config.modelMentor}
        />
      )}
    </div>
  );
}
