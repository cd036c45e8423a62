import { useState } from 'react';
import type { PasskeyListItem } from '@supabase/auth-js';
import { KeyRound } from 'lucide';
import { ConfirmRemoveDialog } from '@/components/auth/confirm-remove-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Icon } from '@/components/ui/icon.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { passkeysSupported } from '@/lib/auth/factors.ts';
import { useAuthQuery } from '@/lib/auth/use-auth-query.ts';
import { useAuthRequest } from '@/lib/auth/use-auth-request.ts';
import { formatDateTime } from '@/lib/format.ts';
import { toast } from '@/lib/toast.ts';
import { atAal2 } from '../at-aal2.ts';
import { CredentialRow } from './credential-row.tsx';
import { useStepUp } from './step-up.tsx';

/**
 * The user's sign-in passkeys (separate from a passkey used as a second factor: decision 016),
 * loaded at once and after every change, adding one and removing one. The server asks for aal2
 * when the account has a second factor; `atAal2` then asks for it and tries again.
 */
function usePasskeys() {
  const { t } = useTranslation('auth');
  const request = useAuthRequest();
  const { run } = request;
  const stepUp = useStepUp();
  const passkeys = useAuthQuery('passkeys', async (client) => {
    const { data, error } = await client.passkey.list();
    if (error) throw error;
    return data;
  });
  const { set } = passkeys;

  const add = () =>
    run(async (client) => {
      const register = async () => {
        const { error } = await client.registerPasskey();
        if (error) throw error;
        return true;
      };
      if (!(await atAal2(client, register, stepUp.confirm, false))) return;
      toast.success(t('passkeys.added'), t('passkeys.addedDescription'));
      const { data } = await client.passkey.list();
      if (data) set(() => data);
    });

  const remove = (passkey: PasskeyListItem) =>
    run(async (client) => {
      const drop = async () => {
        const { error } = await client.passkey.delete({ passkeyId: passkey.id });
        if (error) throw error;
        return true;
      };
      if (!(await atAal2(client, drop, stepUp.confirm, false))) return;
      toast.success(t('passkeys.removed'));
      set((current) => current?.filter((item) => item.id !== passkey.id));
    });

  return {
    passkeys: passkeys.data,
    pending: request.pending || passkeys.loading,
    load: passkeys.reload,
    add,
    remove,
    stepUp: stepUp.dialog,
  };
}

/** Profile: signing in with a passkey instead of the password — the user's keys, add, remove. */
export function PasskeysSection() {
  const { t, language } = useTranslation('auth');
  const { passkeys, pending, load, add, remove, stepUp } = usePasskeys();
  const [confirming, setConfirming] = useState<PasskeyListItem>();
  const nameOf = (passkey: PasskeyListItem) => passkey.friendly_name || t('passkeys.unnamed');

  return (
    <SectionCard title={t('passkeys.title')} description={t('passkeys.description')} busy={pending}>
      {passkeys === undefined && !pending && (
        <Button variant="secondary" onClick={() => void load()} className="self-start">
          {t('mfa.retry')}
        </Button>
      )}
      {passkeys?.length === 0 && <p className="text-slate-700">{t('passkeys.none')}</p>}
      {passkeys && passkeys.length > 0 && (
        <ul aria-label={t('passkeys.listLabel')} className="flex flex-col gap-2">
          {passkeys.map((passkey) => (
            <CredentialRow
              key={passkey.id}
              icon={KeyRound}
              name={
                <span className="font-medium break-words text-slate-900">{nameOf(passkey)}</span>
              }
              detail={
                <span className="text-sm text-slate-600">
                  {t('passkeys.created', { date: formatDateTime(passkey.created_at, language) })}
                </span>
              }
              removeLabel={t('security.removeLabel', { name: nameOf(passkey) })}
              disabled={pending}
              onRemove={() => setConfirming(passkey)}
            />
          ))}
        </ul>
      )}
      {passkeysSupported() ? (
        <Button
          variant="secondary"
          disabled={pending || passkeys === undefined}
          onClick={() => void add()}
          className="self-start"
        >
          <Icon icon={KeyRound} />
          {t('passkeys.add')}
        </Button>
      ) : (
        <p className="text-slate-700">{t('passkeys.unsupported')}</p>
      )}
      <ConfirmRemoveDialog
        title={t('passkeys.confirmRemoveTitle')}
        text={confirming && t('passkeys.confirmRemove', { name: nameOf(confirming) })}
        onCancel={() => setConfirming(undefined)}
        onRemove={() => {
          if (confirming) void remove(confirming);
          setConfirming(undefined);
        }}
      />
      {stepUp}
    </SectionCard>
  );
}
