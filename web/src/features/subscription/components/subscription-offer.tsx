import { Check, Crown, X } from 'lucide';
import { useNavigate } from 'react-router';
import { formatMonthlyPrice, TRIAL_DAYS } from '@partak/domain/plans';
import { href } from '@partak/domain/routes';
import { Button } from '@/components/ui/button.tsx';
import { DocumentTitle } from '@/components/ui/document-title.tsx';
import { Icon } from '@/components/ui/icon.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { toast } from '@/lib/toast.ts';

const BENEFITS = ['topics', 'advice', 'history', 'support', 'features'] as const;

/**
 * The subscription offer. The price comes from the one plan catalogue in the active language's
 * currency and format, so the badge, the price and the note always agree. Payment is not wired
 * yet: the trial button says so, and checkout is visibly disabled.
 */
export function SubscriptionOffer() {
  const { t, language } = useTranslation('subscription');
  const navigate = useNavigate();
  const price = formatMonthlyPrice(language);

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
        <Button
          variant="secondary"
          onClick={() => toast.info(t('trialToast'), t('trialToastDescription'))}
          className="min-h-12 ring-0"
        >
          {t('startTrial', { count: TRIAL_DAYS })}
        </Button>
        <button
          type="button"
          disabled
          className="min-h-12 cursor-not-allowed rounded-2xl border border-dashed border-white/50 px-5 font-semibold text-brand-100"
        >
          {t('checkout')}
        </button>
        <p className="text-sm text-brand-100">{t('note', { price })}</p>
      </section>
    </div>
  );
}
