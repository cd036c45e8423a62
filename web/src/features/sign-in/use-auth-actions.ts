import { useTranslation } from '@/i18n/use-translation.ts';
import { sessionNeedsSecondFactor } from '@/lib/auth-state.ts';
import { useAuthRequest } from '@/lib/auth/use-auth-request.ts';
import { toast } from '@/lib/toast.ts';
import { startOAuth, type OAuthProvider } from './oauth.ts';

export interface Credentials {
  email: string;
  password: string;
}

/**
 * What the sign-in dialog does (docs/product.md#screens-and-routes). Links in mails and Google or
 * Apple lead back to `returnTo`: this site's origin, or the page that opened the dialog when it
 * must continue there (a page on this site: the server sends anything else to the site). `onDone`
 * closes the dialog after a successful sign-in (unless a second factor is still to come) or sign-up.
 */
export function useAuthActions(onDone: () => void, returnTo: string = window.location.origin) {
  const { t } = useTranslation('auth');
  const { pending, failure, run, fail } = useAuthRequest();
  const origin = returnTo;

  const signIn = ({ email, password }: Credentials) =>
    run(async (client) => {
      const { data, error } = await client.signInWithPassword({ email: email.trim(), password });
      if (error) throw error;
      signedIn(data.session);
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

  const continueWith = (provider: OAuthProvider) =>
    run((client) => startOAuth(client, provider, undefined, origin));

  /**
   * Mails a sign-in link with a 6-digit code (an address without an account gets one made, as a
   * registration would); `onSent` is called once it is on its way. False when there is no address.
   */
  const sendLink = (email: string, onSent: (email: string) => void): boolean => {
    const address = email.trim();
    if (address === '') {
      fail(t('toast.emailRequired'));
      return false;
    }
    void run(async (client) => {
      const options = { emailRedirectTo: origin, shouldCreateUser: true };
      const { error } = await client.signInWithOtp({ email: address, options });
      if (error) throw error;
      onSent(address);
    });
    return true;
  };

  /** Signs in with the code from that mail (the link in it signs in by itself). */
  const verifyEmailCode = (email: string, code: string) =>
    run(async (client) => {
      const { data, error } = await client.verifyOtp({ email, token: code, type: 'email' });
      if (error) throw error;
      signedIn(data.session);
    });

  /** Signs in with a passkey the browser offers (no address needed: the passkey names the user). */
  const signInWithPasskey = () =>
    run(async (client) => {
      const { data, error } = await client.signInWithPasskey();
      if (error) throw error;
      signedIn(data.session);
    });

  /**
   * A sign-in that got a session: done. An account with a verified second factor is not signed in
   * yet (aal1): the dialog, which follows the store, asks for the factor next.
   */
  function signedIn(session: unknown) {
    if (sessionNeedsSecondFactor(session)) return;
    toast.success(t('toast.signedIn'), t('toast.signedInDescription'));
    onDone();
  }

  return {
    pending,
    failure,
    fail,
    signIn,
    signUp,
    resetPassword,
    continueWith,
    sendLink,
    verifyEmailCode,
    signInWithPasskey,
  };
}
