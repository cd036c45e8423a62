import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import type { BillingStatus } from '@partak/domain/api/billing';
import { useTranslation } from '@/i18n/use-translation.ts';
import { queryClient } from '@/lib/data/query-client.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { toast } from '@/lib/toast.ts';
import { checkoutUrl, goTo, portalUrl, setCancelled } from './billing-api.ts';
import { formatDay } from './format-day.ts';

type Action = { kind: 'checkout' } | { kind: 'portal' } | { kind: 'cancel' } | { kind: 'resume' };

/**
 * What a user can do about their subscription, one at a time: buy (to the hosted checkout), open
 * the portal, cancel at the period's end, resume. A failure is a toast in the user's language;
 * nothing changes then. `onStatus` gets the status a change answered with.
 */
export function useBillingActions(onStatus: (status: BillingStatus) => void) {
  const { t, language } = useTranslation('subscription');
  const { t: errors } = useTranslation('errors');
  // The mutation's own state reaches the screen a tick later; a double tap must not wait for it.
  const running = useRef(false);
  const { mutate, isPending } = useMutation(
    {
      mutationFn: async (action: Action) => {
        switch (action.kind) {
          case 'checkout':
            return goTo(await checkoutUrl(language));
          case 'portal':
            return goTo(await portalUrl(language));
          case 'cancel':
          case 'resume': {
            const status = await setCancelled(action.kind === 'cancel');
            onStatus(status);
            const periodEnd = formatDay(status.subscription?.currentPeriodEnd ?? null, language);
            if (action.kind === 'cancel') {
              toast.success(t('toast.cancelledTitle'), t('toast.cancelledText', { periodEnd }));
            } else {
              toast.success(t('toast.resumedTitle'), t('toast.resumedText'));
            }
            return undefined;
          }
        }
      },
      onError: (error) => toast.error(t('actions.failed'), errorMessage(error, errors)),
      onSettled: () => {
        running.current = false;
      },
    },
    queryClient,
  );
  const run = (action: Action) => {
    if (running.current) return;
    running.current = true;
    mutate(action);
  };
  return {
    busy: isPending,
    checkout: () => run({ kind: 'checkout' }),
    portal: () => run({ kind: 'portal' }),
    cancel: () => run({ kind: 'cancel' }),
    resume: () => run({ kind: 'resume' }),
  };
}
