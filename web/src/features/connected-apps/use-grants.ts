import { useCallback, useEffect, useRef, useState } from 'react';
import type { OAuthGrant } from '@supabase/auth-js';
import { useTranslation } from '@/i18n/use-translation.ts';
import { loadAuthClient } from '@/lib/auth-client.ts';
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
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<GrantsState & { attempt: number }>();
  const [pending, setPending] = useState(false);
  const busy = useRef(false);

  useEffect(() => {
    let current = true;
    const settle = (next: GrantsState) => current && setState({ ...next, attempt });
    loadAuthClient()
      .then((client) => client.oauth.listGrants())
      .then(({ data, error }) => {
        if (error) throw error;
        settle({ kind: 'ready', grants: data });
      })
      .catch((error: unknown) =>
        settle(
          errorCodeOf(error) === 'feature_disabled'
            ? { kind: 'hidden' }
            : { kind: 'failed', message: errorMessage(error, errors) },
        ),
      );
    return () => {
      current = false;
    };
  }, [attempt, errors]);

  const revoke = useCallback(
    async (grant: OAuthGrant) => {
      if (busy.current) return;
      busy.current = true;
      setPending(true);
      try {
        const client = await loadAuthClient();
        const { error } = await client.oauth.revokeGrant({ clientId: grant.client.id });
        // 404 `oauth_consent_not_found`: already disconnected (elsewhere): the wish is fulfilled.
        if (error && errorCodeOf(error) !== 'oauth_consent_not_found') throw error;
        const app = appName(grant.client, t);
        toast.success(
          t('connectedApps.disconnected'),
          t('connectedApps.disconnectedDescription', { app }),
        );
        setState((current) =>
          current?.kind === 'ready'
            ? { ...current, grants: current.grants.filter((g) => g.client.id !== grant.client.id) }
            : current,
        );
      } catch (error) {
        toast.error(errors('title'), errorMessage(error, errors));
      } finally {
        busy.current = false;
        setPending(false);
      }
    },
    [t, errors],
  );

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  const shown: GrantsState = state?.attempt === attempt ? state : { kind: 'loading' };
  return { state: shown, pending, revoke, retry };
}
