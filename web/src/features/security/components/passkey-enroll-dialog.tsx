import { useState, type FormEvent } from 'react';
import { FormFailure } from '@/components/auth/form-failure.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { dropUnfinished, recode, uniqueName } from '@/lib/auth/factors.ts';
import { useAuthRequest } from '@/lib/auth/use-auth-request.ts';
import { atAal2 } from '../at-aal2.ts';
import { hasVerified, NameField, useAdded, type EnrollProps } from './enroll-shared.tsx';

/**
 * auth-js asks for a security key by default (`authenticatorAttachment: 'cross-platform'`); a
 * passkey as this app means it lives in the device: fingerprint, face or screen lock.
 */
const PASSKEY_OPTIONS = {
  authenticatorSelection: { authenticatorAttachment: 'platform', residentKey: 'preferred' },
} as const;

/**
 * Adding a passkey: a name, then the browser's own prompt (fingerprint, face, screen lock). auth-js
 * enrolls, asks the authenticator and verifies in one call.
 */
export function PasskeyEnrollDialog({ factors, confirm, onClose, onAdded }: EnrollProps) {
  const { t } = useTranslation('auth');
  const { pending, failure, run } = useAuthRequest();
  const [name, setName] = useState(() => uniqueName(t('factor.webauthn'), factors));
  const added = useAdded(onAdded);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async (client) => {
      const friendlyName = name.trim();
      // A cancelled browser prompt leaves the factor unverified under this name.
      await dropUnfinished(client, friendlyName);
      const register = async () => {
        const { error } = await client.mfa.webauthn.register({ friendlyName }, PASSKEY_OPTIONS);
        if (error) recode(error, 'mfa_verification_failed', 'passkey_failed');
        return true;
      };
      if (await atAal2(client, register, confirm, hasVerified(factors))) {
        added(t('security.addedPasskey'));
      }
    });
  };

  return (
    <Dialog open onClose={onClose} title={t('security.addPasskey')}>
      <form noValidate onSubmit={submit} aria-busy={pending} className="flex flex-col gap-3">
        <p className="text-slate-700">{t('security.passkeyIntro')}</p>
        <FormFailure message={failure} />
        <NameField label={t('security.name')} value={name} onChange={setName} />
        <Button type="submit" disabled={pending}>
          {t('security.createPasskey')}
        </Button>
      </form>
    </Dialog>
  );
}
