import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { BillingStatus } from '@partak/domain/api/billing';
import { useAuthState } from '@/lib/auth-state.ts';
import { useClientConfig } from '@/lib/client-config.ts';
import { queryClient } from '@/lib/data/query-client.ts';
import { fetchBillingStatus } from './billing-api.ts';

/** How often the status is read again while a finished checkout is being confirmed. */
const POLL_MS = 1500;

export type BillingView =
  /** Still asking the server. */
  | { kind: 'loading' }
  /** The server sells nothing (or cannot be asked): the spec's placeholder offer. */
  | { kind: 'off' }
  | { kind: 'signedOut' }
  | { kind: 'ready'; status: BillingStatus };

/**
 * Whether billing is on, and the signed-in account's status (keyed by the user's id); `replace`
 * takes a status a change answered with.
 */
export function useBilling({ poll = false }: { poll?: boolean } = {}) {
  const config = useClientConfig();
  const auth = useAuthState();
  const owner = auth.status === 'signedIn' ? auth.user?.id : undefined;
  const queryKey = useMemo(() => ['billing', owner], [owner]);
  const status = useQuery(
    {
      queryKey,
      queryFn: fetchBillingStatus,
      enabled: Boolean(config?.billing && owner),
      refetchOnWindowFocus: true,
      // Back from checkout, the provider's webhook may take a moment to reach the server.
      refetchInterval: poll ? POLL_MS : false,
    },
    queryClient,
  );
  const replace = useCallback(
    (next: BillingStatus) => queryClient.setQueryData(queryKey, next),
    [queryKey],
  );

  const view: BillingView =
    config === undefined
      ? { kind: 'loading' }
      : !config?.billing
        ? { kind: 'off' }
        : !owner
          ? { kind: 'signedOut' }
          : status.data
            ? { kind: 'ready', status: status.data }
            : { kind: 'loading' };
  return { view, replace };
}
