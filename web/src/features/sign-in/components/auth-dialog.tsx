import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { ChoiceButtons } from '@/components/ui/choice-buttons.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { loadAuthClient } from '@/lib/auth-client.ts';
import { useAuthState } from '@/lib/auth-state.ts';
import { passkeysSupported } from '@/lib/auth/factors.ts';
import { toast } from '@/lib/toast.ts';
import { OAUTH_PROVIDERS, type OAuthProvider } from '../oauth.ts';
import { useAuthActions } from '../use-auth-actions.ts';
import { EmailCodeStep } from './email-code-step.tsx';
import { EmailForm, linkButton } from './email-form.tsx';

const SecondFactorStep = lazy(() =>
  import('@/components/auth/second-factor-step.tsx').then((m) => ({ default: m.SecondFactorStep })),
);

type Mode = 'login' | 'signup';

/**
 * The sign-in / registration dialog (docs/product.md#screens-and-routes): Google, Apple, a
 * passkey, or email and password — or a sign-in link with a 6-digit code by mail instead of the
 * password. Length and format rules are the server's (docs/product.md#rules-and-where-they-live),
 * so the form does not pre-check.
 * An account with a verified second factor is asked for it next, in the same dialog, for as long
 * as the store says the session waits for it (auth-state.ts).
 */
export function AuthDialog({
  open,
  onClose,
  returnTo,
}: {
  open: boolean;
  onClose: () => void;
  /** Where mailed links and Google or Apple lead back to (default: the site). */
  returnTo?: string;
}) {
  const { t } = useTranslation('auth');
  const auth = useAuthState();
  const [mode, setMode] = useState<Mode>('login');
  const login = mode === 'login';

  // Opening the dialog is the first intent: the auth client loads while the user types.
  useEffect(() => {
    loadAuthClient().catch(() => undefined);
  }, []);

  const title =
    auth.status === 'needsSecondFactor'
      ? t('mfa.title')
      : t(login ? 'dialog.loginTitle' : 'dialog.signupTitle');
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      {auth.status === 'needsSecondFactor' ? (
        <SecondFactor email={auth.user.email} onClose={onClose} />
      ) : (
        <SignIn mode={mode} onModeChange={setMode} onClose={onClose} returnTo={returnTo} />
      )}
    </Dialog>
  );
}

/** The second step: the user's code or passkey; signing out instead closes the dialog. */
function SecondFactor({ email, onClose }: { email: string; onClose: () => void }) {
  const { t } = useTranslation('auth');
  const verified = () => {
    toast.success(t('toast.signedIn'), t('toast.signedInDescription'));
    onClose();
  };
  return (
    <>
      <p className="text-slate-700">{t('mfa.intro', { email })}</p>
      <Suspense fallback={<p className="text-slate-700">{t('mfa.loading')}</p>}>
        <SecondFactorStep onVerified={verified} onSignedOut={onClose} />
      </Suspense>
    </>
  );
}

function SignIn({
  mode,
  onModeChange,
  onClose,
  returnTo,
}: {
  mode: Mode;
  onModeChange: (mode: Mode) => void;
  onClose: () => void;
  returnTo: string | undefined;
}) {
  const { t } = useTranslation('auth');
  const actions = useAuthActions(onClose, returnTo);
  const { pending } = actions;
  const [linkSentTo, setLinkSentTo] = useState<string>();
  const login = mode === 'login';

  if (linkSentTo) {
    return (
      <EmailCodeStep
        email={linkSentTo}
        request={actions}
        onCode={(code) => void actions.verifyEmailCode(linkSentTo, code)}
        onResend={() =>
          actions.sendLink(linkSentTo, () =>
            toast.success(t('emailCode.resent', { email: linkSentTo })),
          )
        }
        onBack={() => setLinkSentTo(undefined)}
      />
    );
  }
  return (
    <>
      <ProviderButtons
        disabled={pending}
        onChoose={(provider) => void actions.continueWith(provider)}
      />
      {login && passkeysSupported() && (
        <Button
          variant="secondary"
          disabled={pending}
          onClick={() => void actions.signInWithPasskey()}
        >
          {t('dialog.passkey')}
        </Button>
      )}
      <EmailForm
        mode={mode}
        pending={pending}
        failure={actions.failure}
        onSubmit={login ? actions.signIn : actions.signUp}
        onForgot={actions.resetPassword}
        onSendLink={(email) => actions.sendLink(email, setLinkSentTo)}
      />
      <button
        type="button"
        disabled={pending}
        onClick={() => onModeChange(login ? 'signup' : 'login')}
        className={`min-h-11 ${linkButton}`}
      >
        {t(login ? 'dialog.toSignup' : 'dialog.toLogin')}
      </button>
      <p className="text-center text-xs text-slate-600">{t('dialog.consent')}</p>
    </>
  );
}

/** Google and Apple first, then "or" before the email form. */
function ProviderButtons({
  disabled,
  onChoose,
}: {
  disabled: boolean;
  onChoose: (provider: OAuthProvider) => void;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <ChoiceButtons choices={OAUTH_PROVIDERS} disabled={disabled} onChoose={onChoose}>
        {(provider) => t(`dialog.${provider}`)}
      </ChoiceButtons>
      <p className="flex items-center gap-3 text-sm text-slate-600">
        <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
        {t('dialog.or')}
        <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
      </p>
    </>
  );
}
