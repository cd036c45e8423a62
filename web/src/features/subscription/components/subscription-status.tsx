import { CreditCard, RotateCcw } from 'lucide';
import type { BillingStatus } from '@partak/domain/api/billing';
import { formatMonthlyPrice } from '@partak/domain/plans';
import { Button } from '@/components/ui/button.tsx';
import { Icon } from '@/components/ui/icon.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { formatDay } from '../format-day.ts';

/**
 * The subscription's state in words (trial until, next payment, payment failed with its grace
 * days, cancelled at the period's end, over), with what can be done about it here: resume a
 * cancelled one, or fix the card at the provider's portal.
 */
export function SubscriptionStatus({
  status,
  busy,
  onResume,
  onPortal,
}: {
  status: BillingStatus;
  busy: boolean;
  onResume: () => void;
  onPortal: () => void;
}) {
  const { t, language } = useTranslation('subscription');
  const summary = status.subscription;
  if (!summary) return null;
  const values = {
    trialEnd: formatDay(summary.trialEndsAt, language),
    periodEnd: formatDay(summary.currentPeriodEnd, language),
    graceEnd: formatDay(summary.graceEndsAt, language),
    price: formatMonthlyPrice(language),
  };
  return (
    <section
      aria-labelledby="subscription-state"
      className="flex flex-col gap-3 rounded-2xl bg-brand-50 p-4 text-slate-900 ring-1 ring-brand-100"
    >
      <h2 id="subscription-state" className="font-bold">
        {t(`state.${summary.state}.title`, values)}
      </h2>
      <p className="text-slate-700">{t(`state.${summary.state}.text`, values)}</p>
      <div className="flex flex-wrap gap-2">
        {summary.state === 'cancelling' && (
          <Button onClick={onResume} disabled={busy}>
            <Icon icon={RotateCcw} />
            {t('actions.resume')}
          </Button>
        )}
        {summary.state !== 'ended' && (
          <Button
            variant={summary.state === 'payment_failed' ? 'primary' : 'secondary'}
            onClick={onPortal}
            disabled={busy}
          >
            <Icon icon={CreditCard} />
            {t('actions.portal')}
          </Button>
        )}
      </div>
    </section>
  );
}
