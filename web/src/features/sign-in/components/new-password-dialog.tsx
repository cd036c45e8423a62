import { useState, type FormEvent } from 'react';
import { PasswordField } from '@/components/auth/auth-field.tsx';
import { FormFailure } from '@/components/auth/form-failure.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { useAuthState } from '@/lib/auth-state.ts';
import { useAuthRequest } from '@/lib/auth/use-auth-request.ts';
import { toast } from '@/lib/toast.ts';

/** After a password-reset link signed the user in: choose the new password. */
export function NewPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('auth');
  const [password, setPassword] = useState('');
  const { pending, failure, run } = useAuthRequest();
  const { user } = useAuthState();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async (client) => {
      const { error } = await client.updateUser({ password });
      if (error) throw error;
      toast.success(t('toast.passwordChanged'), t('toast.passwordChangedDescription'));
      onClose();
    });
  };

  return (
    <Dialog open={open} onClose={onClose} title={t('recovery.title')}>
      <p className="text-slate-700">{t('recovery.description')}</p>
      <form noValidate onSubmit={submit} aria-busy={pending} className="flex flex-col gap-3">
        <FormFailure message={failure} />
        {/* Tells password managers whose password this is. */}
        <input
          type="email"
          name="email"
          autoComplete="username"
          value={user?.email ?? ''}
          readOnly
          hidden
        />
        <PasswordField
          label={t('recovery.password')}
          name="new-password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
        />
        <Button type="submit" disabled={pending}>
          {t('recovery.submit')}
        </Button>
      </form>
    </Dialog>
  );
}
