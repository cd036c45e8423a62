import { useCallback } from 'react';
import { useMutation } from '@tanstack/react-query';
import { storageKeys } from '@partak/domain/product';
import { useTranslation } from '@/i18n/use-translation.ts';
import { loadAuthClient } from '../auth-client.ts';
import { getAuthState, setAuthUser } from '../auth-state.ts';
import { queryClient } from '../data/query-client.ts';
import { removeKey } from '../storage.ts';
import { toast } from '../toast.ts';
import { useAuthFailure } from './use-auth-failure.ts';

/**
 * Signs this device out. The `local` scope drops the session here first and then revokes it on the
 * server, so signing out works offline too; other devices stay signed in.
 */
async function signOutHere(): Promise<void> {
  const client = await loadAuthClient().catch(() => undefined);
  if (!client) {
    // The client could not even load (offline): forgetting the stored session is signing out here.
    removeKey(storageKeys.auth);
    setAuthUser(undefined);
    return;
  }
  const { error } = await client.signOut({ scope: 'local' });
  if (error && getAuthState().status !== 'signedOut') throw error;
}

/** Sign-out with its toasts; `signOut` resolves to whether the user is now signed out. */
export function useSignOut() {
  const { t } = useTranslation('auth');
  const { showError } = useAuthFailure();
  const { mutateAsync, isPending } = useMutation({ mutationFn: signOutHere }, queryClient);

  const signOut = useCallback(async (): Promise<boolean> => {
    try {
      await mutateAsync();
      toast.success(t('toast.signedOut'), t('toast.signedOutDescription'));
      return true;
    } catch (error) {
      showError(error);
      return false;
    }
  }, [mutateAsync, t, showError]);

  return { pending: isPending, signOut };
}
