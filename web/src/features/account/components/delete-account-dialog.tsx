import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { href } from '@partak/domain/routes';
import { AuthField } from '@/components/auth/auth-field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { apiFetch } from '@/lib/api-client.ts';
import { loadAuthClient } from '@/lib/auth-client.ts';
import type { AuthUser } from '@/lib/auth-state.ts';
import { queryClient } from '@/lib/data/query-client.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { toast } from '@/lib/toast.ts';

interface Props {
  user: AuthUser;
  open: boolean;
  onClose: () => void;
}

/** Deletes the account; the server has ended every session, and this one is forgotten here too. */
async function deleteAccount(body: { password?: string }): Promise<void> {
  await apiFetch('/account', { method: 'DELETE', body });
  await (await loadAuthClient()).signOut({ scope: 'local' });
}

/**
 * Deleting the account, after a confirmation that says what goes. An account with a password is
 * asked for it (a session left open on a shared computer is not enough); one signed in through
 * Google or Apple must have signed in within the last few minutes (the server checks).
 */
export function DeleteAccountDialog({ user, open, onClose }: Props) {
  const { t } = useTranslation('auth');
  const { t: tErrors } = useTranslation('errors');
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState('');
  const { mutateAsync, isPending: pending } = useMutation(
    { mutationFn: deleteAccount },
    queryClient,
  );
  const hasPassword = user.provider === 'email';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    try {
      await mutateAsync(hasPassword ? { password } : {});
      onClose();
      toast.success(t('data.deleted'), t('data.deletedDescription'));
      await navigate(href('home'));
    } catch (error) {
      setFailure(errorMessage(error, tErrors));
    } finally {
      setPassword('');
    }
  };

  return (
    <Dialog open={open} onClose={onClose} role="alertdialog" title={t('data.confirmTitle')}>
      <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
        <p className="text-slate-700">{t('data.confirmBody', { email: user.email })}</p>
        {hasPassword ? (
          <AuthField
            label={t('data.password')}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        ) : (
          <p className="text-sm text-slate-700">{t('data.recentSignIn')}</p>
        )}
        {failure && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {failure}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="ghost" type="button" onClick={onClose}>
            {t('data.cancel')}
          </Button>
          <Button variant="destructive" type="submit" disabled={pending}>
            {t('data.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
