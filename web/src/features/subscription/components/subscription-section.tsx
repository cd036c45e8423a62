import { useState } from 'react';
import { Crown } from 'lucide';
import { href } from '@partak/domain/routes';
import { Button } from '@/components/ui/button.tsx';
import { ButtonLink } from '@/components/ui/button-link.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { Icon } from '@/components/ui/icon.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { formatDay } from '../format-day.ts';
import { useBillingActions } from '../use-billing-actions.ts';
import { useBilling } from '../use-billing.ts';
import { SubscriptionStatus } from './subscription-status.tsx';

/**
 * The subscription in the account settings (/profil): its state, the month's usage on the free
 * plan, and cancelling at the period's end after a confirmation. Nothing where the server sells
 * nothing.
 */
export function SubscriptionSection() {
  const { t, language } = useTranslation('subscription');
  const { view, replace } = useBilling();
  const actions = useBillingActions(replace);
  const [confirming, setConfirming] = useState(false);
  if (view.kind !== 'ready') return null;
  const { status } = view;
  const summary = status.subscription;
  const cancellable = summary?.state === 'trial' || summary?.state === 'active';
  const { modelReplies, savedConversations } = status.usage;
  const ends = formatDay(summary?.trialEndsAt ?? summary?.currentPeriodEnd ?? null, language);
  return (
    <SectionCard title={t('section.title')} description={t(`section.tier.${status.tier}`)}>
      {summary && summary.state !== 'ended' ? (
        <SubscriptionStatus
          status={status}
          busy={actions.busy}
          onResume={actions.resume}
          onPortal={actions.portal}
        />
      ) : (
        <ButtonLink to={href('subscription')} variant="secondary">
          <Icon icon={Crown} />
          {t('section.offer')}
        </ButtonLink>
      )}
      {modelReplies.limit !== null && (
        <p className="text-sm text-slate-700">
          {t('section.modelReplies', { used: modelReplies.used, limit: modelReplies.limit })}
        </p>
      )}
      {savedConversations.limit !== null && (
        <p className="text-sm text-slate-700">
          {t('section.savedConversations', {
            used: savedConversations.used,
            limit: savedConversations.limit,
          })}
        </p>
      )}
      {cancellable && (
        <Button variant="ghost" className="self-start" onClick={() => setConfirming(true)}>
          {t('actions.cancel')}
        </Button>
      )}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('confirmCancel.title')}
        role="alertdialog"
      >
        <p className="text-slate-700">{t('confirmCancel.text', { periodEnd: ends })}</p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setConfirming(false)} autoFocus>
            {t('confirmCancel.keep')}
          </Button>
          <Button
            variant="destructive"
            disabled={actions.busy}
            onClick={() => {
              setConfirming(false);
              actions.cancel();
            }}
          >
            {t('actions.cancel')}
          </Button>
        </div>
      </Dialog>
    </SectionCard>
  );
}
