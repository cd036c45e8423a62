import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { ChoiceButtons } from '@/components/ui/choice-buttons.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { loadAuthClient } from '@/lib/auth-client.ts';
import { useAuthState } from '@/lib/auth-state.ts';
import { toast } from '@/lib/toast.ts';
import { OAUTH_PROVIDERS, type OAuthProvider } from '../oauth.ts';
import { useAuthActions, type Credentials } from '../use-auth-actions.ts';
import { PasswordField, ValueField } from './auth-field.tsx';
import { FormFailure } from './form-failure.tsx';

const SecondFactorStep = lazy(() =>
  import('./mfa/second-factor-step.tsx').then((m) => ({ default: m.SecondFactorStep })),
);

type Mode = 'login' | 'signup';

const linkButton =
  'rounded-lg px-1 font-semibold text-brand-800 underline-offset-4 hover:underline disabled:cursor-not-allowed disabled:text-slate-500';

/**
 * The sign-in / registration dialog (product-spec §2 "Auth modal"): Google, Apple, or email and
 * password. Length and format rules are the server's (spec §5), so the form does not pre-check.
 * An account with a verified second factor is asked for it next, in the same dialog, for as long
 * as the store says the session waits for it (auth-state.ts).
 */
export function AuthDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
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
        <SignIn mode={mode} onModeChange={setMode} onClose={onClose} />
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
}: {
  mode: Mode;
  onModeChange: (mode: Mode) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('auth');
  const actions = useAuthActions(onClose);
  const { pending } = actions;
  const login = mode === 'login';
  return (
    <>
      <ProviderButtons
        disabled={pending}
        onChoose={(provider) => void actions.continueWith(provider)}
      />
      <EmailForm
        mode={mode}
        pending={pending}
        failure={actions.failure}
        onSubmit={login ? actions.signIn : actions.signUp}
        onForgot={actions.resetPassword}
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

interface EmailFormProps {
  mode: Mode;
  pending: boolean;
  failure: string | undefined;
  onSubmit: (credentials: Credentials) => Promise<void>;
  /** Sends a reset link; false when the email is missing (the field then gets focus). */
  onForgot: (email: string) => boolean;
}

/** Email and password, the forgotten-password link and the primary button of the mode. */
function EmailForm({ mode, pending, failure, onSubmit, onForgot }: EmailFormProps) {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const emailInput = useRef<HTMLInputElement>(null);
  const login = mode === 'login';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit({ email, password });
  };

  return (
    <form noValidate onSubmit={submit} aria-busy={pending} className="flex flex-col gap-3">
      <FormFailure message={failure} />
      <ValueField
        ref={emailInput}
        label={t('dialog.email')}
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={setEmail}
      />
      <PasswordField
        label={t('dialog.password')}
        name="password"
        autoComplete={login ? 'current-password' : 'new-password'}
        value={password}
        onChange={setPassword}
      />
      <button
        type="button"
        disabled={pending}
        onClick={() => onForgot(email) || emailInput.current?.focus()}
        className={`self-end text-sm ${linkButton}`}
      >
        {t('dialog.forgot')}
      </button>
      <Button type="submit" disabled={pending}>
        {t(login ? 'dialog.login' : 'dialog.signup')}
      </Button>
    </form>
  );
}
