import { useTranslation } from '@/i18n/use-translation.ts';
import { sessionNeedsSecondFactor } from '@/lib/auth-state.ts';
import { toast } from '@/lib/toast.ts';
import { startOAuth, type OAuthProvider } from './oauth.ts';
import { useSingleRequest } from './use-single-request.ts';

export interface Credentials {
  email: string;
  password: string;
}

/**
 * What the sign-in dialog does (product-spec §2 "Auth modal", §8). Links in mails lead back to this
 * site's origin; `onDone` closes the dialog after a successful sign-in (unless a second factor is
 * still to come) or sign-up.
 */
export function useAuthActions(onDone: () => void) {
  const { t } = useTranslation('auth');
  const { pending, failure, run, fail } = useSingleRequest();
  const origin = window.location.origin;

  const signIn = ({ email, password }: Credentials) =>
    run(async (client) => {
      const { data, error } = await client.signInWithPassword({ email: email.trim(), password });
      if (error) throw error;
      // An account with a verified second factor is not signed in yet (aal1): the dialog, which
      // follows the store, asks for the factor next.
      if (sessionNeedsSecondFactor(data.session)) return;
      toast.success(t('toast.signedIn'), t('toast.signedInDescription'));
      onDone();
    });

  const signUp = ({ email, password }: Credentials) =>
    run(async (client) => {
      const options = { emailRedirectTo: origin };
      const { data, error } = await client.signUp({ email: email.trim(), password, options });
      if (error) throw error;
      // With email confirmation on (our server), there is no session until the link is opened.
      if (data.session) toast.success(t('toast.signedIn'), t('toast.signedInDescription'));
      else toast.success(t('toast.checkEmail'), t('toast.checkEmailDescription'));
      onDone();
    });

  /** Mails a reset link; false (and an error toast) when there is no address to mail it to. */
  const resetPassword = (email: string): boolean => {
    if (email.trim() === '') {
      fail(t('toast.emailRequired'));
      return false;
    }
    void run(async (client) => {
      const { error } = await client.resetPasswordForEmail(email.trim(), { redirectTo: origin });
      if (error) throw error;
      toast.success(t('toast.resetSent'), t('toast.resetSentDescription'));
    });
    return true;
  };

  const continueWith = (provider: OAuthProvider) => run((client) => startOAuth(client, provider));

  return { pending, failure, signIn, signUp, resetPassword, continueWith };
}
