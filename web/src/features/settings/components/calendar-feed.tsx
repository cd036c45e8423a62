import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  CalendarFeedCreatedSchema,
  CalendarFeedStateSchema,
  type CalendarFeedCreated,
} from '@partak/domain/api/calendar-feed';
import { ConfirmRemoveDialog } from '@/components/auth/confirm-remove-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FIELD_CLASS } from '@/components/ui/field.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import { apiFetch, apiJson } from '@/lib/api-client.ts';
import { useAuthState } from '@/lib/auth-state.ts';
import { queryClient } from '@/lib/data/query-client.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { formatDate } from '@/lib/format.ts';
import { toast } from '@/lib/toast.ts';

const KEY = ['calendar-feed'];

/**
 * The deadlines as a calendar subscription (an `.ics` address for Google, Apple or Outlook). The
 * address is the secret, so it is shown once, right after it is made; a new one replaces it, and
 * "Zneplatnit odkaz" stops it for good.
 */
export function CalendarFeed() {
  const { t, language } = useTranslation('settings');
  const { t: errors } = useTranslation('errors');
  const auth = useAuthState();
  const signedIn = auth.status === 'signedIn';
  const state = useQuery(
    {
      queryKey: [...KEY, auth.user?.id],
      queryFn: ({ signal }) => apiJson('/calendar-feed', CalendarFeedStateSchema, { signal }),
      enabled: signedIn,
    },
    queryClient,
  );
  const [made, setMade] = useState<CalendarFeedCreated>();
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });
  const fail = (error: unknown) => toast.error(errorMessage(error, errors));
  const create = useMutation(
    {
      mutationFn: () =>
        apiJson('/calendar-feed', CalendarFeedCreatedSchema, { method: 'POST', body: {} }),
      onSuccess: (feed) => {
        setMade(feed);
        void refresh();
      },
      onError: fail,
    },
    queryClient,
  );
  const revoke = useMutation(
    {
      mutationFn: () => apiFetch('/calendar-feed', { method: 'DELETE' }),
      onSuccess: () => {
        setMade(undefined);
        toast.success(t('calendarFeed.revoked'));
        void refresh();
      },
      onError: fail,
    },
    queryClient,
  );

  if (!signedIn) return <p className="text-slate-700">{t('calendarFeed.signedOut')}</p>;
  const active = state.data?.active;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-slate-700">{t('calendarFeed.intro')}</p>
      {made && (
        <div className="flex flex-col gap-2">
          <label htmlFor="calendar-feed-url" className="text-sm font-medium text-slate-800">
            {t('calendarFeed.urlLabel')}
          </label>
          <input id="calendar-feed-url" readOnly value={made.url} className={FIELD_CLASS} />
          <p className="text-sm text-slate-600">{t('calendarFeed.onlyOnce')}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              onClick={() =>
                void navigator.clipboard
                  .writeText(made.url)
                  .then(() => toast.success(t('calendarFeed.copied')), fail)
              }
            >
              {t('calendarFeed.copy')}
            </Button>
            <a
              href={made.url.replace(/^https?:/, 'webcal:')}
              className="self-center font-medium text-brand-700 underline"
            >
              {t('calendarFeed.open')}
            </a>
          </div>
          <ul className="list-disc pl-5 text-sm text-slate-700">
            <li>{t('calendarFeed.google')}</li>
            <li>{t('calendarFeed.apple')}</li>
            <li>{t('calendarFeed.outlook')}</li>
          </ul>
        </div>
      )}
      {active && !made && state.data?.createdAt && (
        <p className="text-sm text-slate-700">
          {t('calendarFeed.active', { date: formatDate(state.data.createdAt, language) })}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => create.mutate()} disabled={create.isPending}>
          {t(active ? 'calendarFeed.replace' : 'calendarFeed.create')}
        </Button>
        {active && (
          <Button
            variant="secondary"
            onClick={() => setConfirming(true)}
            disabled={revoke.isPending}
          >
            {t('calendarFeed.revoke')}
          </Button>
        )}
      </div>
      <ConfirmRemoveDialog
        title={t('calendarFeed.confirmTitle')}
        text={confirming ? t('calendarFeed.confirmText') : undefined}
        removeLabel={t('calendarFeed.revoke')}
        onCancel={() => setConfirming(false)}
        onRemove={() => {
          setConfirming(false);
          revoke.mutate();
        }}
      />
    </div>
  );
}
