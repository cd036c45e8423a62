import { useRef, useState, type FormEvent } from 'react';
import { PasswordField, ValueField } from '@/components/auth/auth-field.tsx';
import { FormFailure } from '@/components/auth/form-failure.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import type { Credentials } from '../use-auth-actions.ts';

export const linkButton =
  'rounded-lg px-1 font-semibold text-brand-800 underline-offset-4 hover:underline disabled:cursor-not-allowed disabled:text-slate-500';

interface EmailFormProps {
  mode: 'login' | 'signup';
  pending: boolean;
  failure: string | undefined;
  onSubmit: (credentials: Credentials) => Promise<void>;
  /** Sends a reset link; false when the email is missing (the field then gets focus). */
  onForgot: (email: string) => boolean;
  /** Sends a sign-in link and code instead of using a password; false when the email is missing. */
  onSendLink: (email: string) => boolean;
}

/**
 * Email and password, the forgotten-password link and the primary button of the mode; signing in
 * can also take a link and code by mail instead of the password.
 */
export function EmailForm({
  mode,
  pending,
  failure,
  onSubmit,
  onForgot,
  onSendLink,
}: EmailFormProps) {
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
      {login && (
        <Button
          variant="secondary"
          disabled={pending}
          onClick={() => onSendLink(email) || emailInput.current?.focus()}
        >
          {t('dialog.sendLink')}
        </Button>
      )}
    </form>
  );
}
