import { useCallback, useMemo, useRef } from 'react';
import { useMutation, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { OAuthGrant } from '@supabase/auth-js';
import type { TFunction } from 'i18next';
import { useTranslation } from '@/i18n/use-translation.ts';
import { loadAuthClient } from '@/lib/auth-client.ts';
import { useAuthState } from '@/lib/auth-state.ts';
import { queryClient } from '@/lib/data/query-client.ts';
import { errorCodeOf, errorMessage } from '@/lib/error-message.ts';
import { toast } from '@/lib/toast.ts';
import { appName } from './app-name.ts';

/**
 * `hidden`: the auth server has no OAuth server (GoTrue answers 404 `feature_disabled`), so there
 * is nothing to connect and the section stays away.
 */
export type GrantsState =
  | { kind: 'loading' }
  | { kind: 'hidden' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; grants: OAuthGrant[] };

/** The apps the user has let in (GoTrue's active consents), and disconnecting one. */
export function useGrants() {
  const { t } = useTranslation('auth');
  const { t: errors } = useTranslation('errors');
  const owner = useAuthState().user?.id ?? 'signed-out';
  const queryKey = useMemo(() => ['auth', 'oauth-grants', owner], [owner]);
  const grants = useQuery(
    {
      queryKey,
      queryFn: async () => {
        const client = await loadAuthClient();
        const { data, error } = await client.oauth.listGrants();
        if (error) throw error;
        return data;
      },
      refetchOnWindowFocus: false,
    },
    queryClient,
  );
  const { mutateAsync, isPending } = useMutation({ mutationFn: revokeGrant }, queryClient);
  // The mutation's own state reaches the screen a tick later; a double click must not wait for it.
  const busy = useRef(false);

  const revoke = useCallback(
    async (grant: OAuthGrant) => {
      if (busy.current) return;
      busy.current = true;
      try {
        await mutateAsync(grant);
        const app = appName(grant.client, t);
        toast.success(
          t('connectedApps.disconnected'),
          t('connectedApps.disconnectedDescription', { app }),
        );
        queryClient.setQueryData<OAuthGrant[]>(queryKey, (current) =>
          current?.filter((g) => g.client.id !== grant.client.id),
        );
      } catch (error) {
        toast.error(errors('title'), errorMessage(error, errors));
      } finally {
        busy.current = false;
      }
    },
    [mutateAsync, queryKey, t, errors],
  );

  const { refetch } = grants;
  const retry = useCallback(() => void refetch(), [refetch]);
  return { state: grantsState(grants, errors), pending: isPending, revoke, retry };
}

async function revokeGrant(grant: OAuthGrant): Promise<void> {
  const client = await loadAuthClient();
  const { error } = await client.oauth.revokeGrant({ clientId: grant.client.id });
  // 404 `oauth_consent_not_found`: already disconnected (elsewhere): the wish is fulfilled.
  if (error && errorCodeOf(error) !== 'oauth_consent_not_found') throw error;
}

/** What the section shows: a read on its way (a retry too) is loading again. */
function grantsState(
  grants: UseQueryResult<OAuthGrant[]>,
  errors: TFunction<'errors'>,
): GrantsState {
  if (grants.isFetching) return { kind: 'loading' };
  if (grants.isError) {
    return errorCodeOf(grants.error) === 'feature_disabled'
      ? { kind: 'hidden' }
      : { kind: 'failed', message: errorMessage(grants.error, errors) };
  }
  return grants.data ? { kind: 'ready', grants: grants.data } : { kind: 'loading' };
}
