import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import {
  loadAuthClient,
  onPasswordRecovery,
  takeAuthLanding,
  takePasswordRecovery,
} from '@/lib/auth-client.ts';
import { getAuthState, stateFromSession, useAuthState } from '@/lib/auth-state.ts';
import { useAuthFailure } from '@/lib/auth/use-auth-failure.ts';
import { toast } from '@/lib/toast.ts';
import { NewPasswordDialog } from './new-password-dialog.tsx';

const AuthDialog = lazy(() => import('./auth-dialog.tsx').then((m) => ({ default: m.AuthDialog })));

/**
 * A failed Google or Apple sign-in repeats its error in the query too
 * (docs/auth-compatibility.md#google-apple-and-identities).
 */
const ERROR_PARAMS = ['error', 'error_code', 'error_description'];

/**
 * Drops a landing's leftovers from the address bar — the fragment, and an error in the query —
 * keeping the rest of the query and the router's state.
 */
function clearLanding(): void {
  const { pathname, search } = window.location;
  const query = new URLSearchParams(search);
  for (const key of ERROR_PARAMS) query.delete(key);
  const rest = query.toString();
  window.history.replaceState(window.history.state, '', `${pathname}${rest ? `?${rest}` : ''}`);
}

/**
 * Starts the auth client once the page is up: for a returning signed-in visitor (to keep the
 * session fresh) and for an email link's or a Google / Apple sign-in's result in the URL. It
 * welcomes a newly confirmed account, greets one back from a provider, explains a used or expired
 * link or a refused sign-in, and asks for a new password after a reset link. A session that still
 * waits for its second factor (a visitor who left at that step, a reset link or a provider's
 * sign-in for such an account) is asked for it first.
 */
export function AuthLanding() {
  const { t } = useTranslation('auth');
  const { showError } = useAuthFailure();
  const auth = useAuthState();
  const [recovering, setRecovering] = useState(false);
  const [askSecondFactor, setAskSecondFactor] = useState(false);

  // Not a read of data but the landing itself, once: the client takes the session from the address.
  /* eslint-disable no-restricted-syntax -- decision 021: a one-time action on arrival, not a loader */
  useEffect(() => {
    const ask = () => {
      if (takePasswordRecovery()) setRecovering(true);
    };
    const stop = onPasswordRecovery(ask);
    const land = async () => {
      const client = await loadAuthClient();
      const { error } = await client.initialize();
      ask();
      if (getAuthState().status === 'needsSecondFactor') setAskSecondFactor(true);
      const landing = takeAuthLanding();
      if (!landing) return;
      clearLanding();
      if (landing.errorCode) {
        showError({ code: landing.errorCode, message: landing.errorDescription });
      } else if (error) showError(error);
      else if (landing.type === 'signup') {
        toast.success(t('toast.welcome'), t('toast.welcomeDescription'));
      } else if (landing.type === 'invite') {
        // An invited user has no password yet: welcomed, and asked for one right away.
        toast.success(t('toast.welcome'), t('toast.welcomeDescription'));
        setRecovering(true);
      } else if (
        (!landing.type || landing.type === 'magiclink') &&
        stateFromSession((await client.getSession()).data.session).status === 'signedIn'
      ) {
        // Back from Google or Apple (a session and no link type) or from a sign-in link; an
        // account with a second factor is greeted once that step is done, not before.
        toast.success(t('toast.signedIn'), t('toast.signedInDescription'));
      }
    };
    land().catch((error: unknown) => {
      // Offline at start: the stored session stays, and the next intent tries again (see
      // docs/product.md#failures-and-messages).
      console.warn('The auth client could not start.', error);
    });
    return stop;
  }, [t, showError]);
  /* eslint-enable no-restricted-syntax */

  if (askSecondFactor && auth.status === 'needsSecondFactor') {
    return (
      <Suspense fallback={null}>
        <AuthDialog open onClose={() => setAskSecondFactor(false)} />
      </Suspense>
    );
  }
  // Changing the password needs aal2 when a factor is verified: after the second factor, then.
  return (
    recovering &&
    auth.status === 'signedIn' && <NewPasswordDialog open onClose={() => setRecovering(false)} />
  );
}
