import { useQuery } from '@tanstack/react-query';
import { UnsubscribeResultSchema } from '@partak/domain/api/reminders';
import { href } from '@partak/domain/routes';
import { ButtonLink } from '@/components/ui/button-link.tsx';
import { PageSpinner } from '@/components/ui/page-spinner.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { apiJson } from '@/lib/api-client.ts';
import { queryClient } from '@/lib/data/query-client.ts';
import { errorMessage } from '@/lib/error-message.ts';

type Outcome =
  { kind: 'unsubscribed' | 'already' | 'missing' } | { kind: 'failed'; reason: string };

/**
 * A reminder e-mail's unsubscribe link, opened: no sign-in needed (the token in the link is the
 * proof). The first visit stops the e-mails; a second says that is done already.
 */
export function UnsubscribeResult({ token }: { token: string | null }) {
  const { t } = useTranslation('settings');
  const { t: errors } = useTranslation('errors');
  // The link is followed once per visit: the answer stays while the page is open (focus or not),
  // and goes with it, so opening the link again asks again.
  const { data, error } = useQuery(
    {
      queryKey: ['reminders-unsubscribe', token],
      queryFn: () =>
        apiJson('/reminders/unsubscribe', UnsubscribeResultSchema, {
          method: 'POST',
          body: { token },
        }),
      enabled: Boolean(token),
      staleTime: Infinity,
      gcTime: 0,
      refetchOnWindowFocus: false,
    },
    queryClient,
  );
  const outcome: Outcome | undefined = error
    ? { kind: 'failed', reason: errorMessage(error, errors) }
    : data && { kind: data.result };

  const shown: Outcome | undefined = token ? outcome : { kind: 'missing' };
  if (!shown) return <PageSpinner />;
  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="text-lg text-slate-900">
        {shown.kind === 'failed' ? shown.reason : t(`unsubscribe.${shown.kind}`)}
      </p>
      <ButtonLink to={href('notificationSettings')} variant="secondary" className="self-start">
        {t('unsubscribe.settings')}
      </ButtonLink>
    </div>
  );
}
