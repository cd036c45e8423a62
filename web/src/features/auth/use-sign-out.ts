import { useCallback, useState } from 'react';
import { storageKeys } from '@partak/domain/product';
import { useTranslation } from '@/i18n/use-translation.ts';
import { loadAuthClient } from '@/lib/auth-client.ts';
import { getAuthState, setAuthUser } from '@/lib/auth-state.ts';
import { removeKey } from '@/lib/storage.ts';
import { toast } from '@/lib/toast.ts';
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
  const [pending, setPending] = useState(false);

  const signOut = useCallback(async (): Promise<boolean> => {
    setPending(true);
    try {
      await signOutHere();
      toast.success(t('toast.signedOut'), t('toast.signedOutDescription'));
      return true;
    } catch (error) {
      showError(error);
      return false;
    } finally {
      setPending(false);
    }
  }, [t, showError]);

  return { pending, signOut };
}
