import { useEffect, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import {
  loadAuthClient,
  onPasswordRecovery,
  takeAuthLanding,
  takePasswordRecovery,
} from '@/lib/auth-client.ts';
import { toast } from '@/lib/toast.ts';
import { useAuthFailure } from '../use-auth-failure.ts';
import { NewPasswordDialog } from './new-password-dialog.tsx';

/** Drops an email link's leftovers (`#…`) from the address bar, keeping the router's state. */
function clearFragment(): void {
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
}

/**
 * Starts the auth client once the page is up: for a returning signed-in visitor (to keep the
 * session fresh) and for an email link's result in the URL. It welcomes a newly confirmed account,
 * explains a used or expired link, and asks for a new password after a reset link.
 */
export function AuthLanding() {
  const { t } = useTranslation('auth');
  const { showError } = useAuthFailure();
  const [recovering, setRecovering] = useState(false);

  useEffect(() => {
    const ask = () => {
      if (takePasswordRecovery()) setRecovering(true);
    };
    const stop = onPasswordRecovery(ask);
    const land = async () => {
      const { error } = await (await loadAuthClient()).initialize();
      ask();
      const landing = takeAuthLanding();
      if (!landing) return;
      clearFragment();
      if (landing.errorCode) {
        showError({ code: landing.errorCode, message: landing.errorDescription });
      } else if (error) showError(error);
      else if (landing.type === 'signup') {
        toast.success(t('toast.welcome'), t('toast.welcomeDescription'));
      }
    };
    land().catch((error: unknown) => {
      // Offline at start: the stored session stays, and the next intent tries again (spec §8).
      console.warn('The auth client could not start.', error);
    });
    return stop;
  }, [t, showError]);

  return recovering && <NewPasswordDialog open onClose={() => setRecovering(false)} />;
}
