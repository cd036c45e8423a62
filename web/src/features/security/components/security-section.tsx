import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { ChoiceButtons } from '@/components/ui/choice-buttons.tsx';
import { Icon } from '@/components/ui/icon.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import {
  loadFactors,
  passkeysSupported,
  type SecondFactor,
  type SecondFactorType,
} from '@/lib/auth/factors.ts';
import { useAuthQuery } from '@/lib/auth/use-auth-query.ts';
import { useAuthRequest } from '@/lib/auth/use-auth-request.ts';
import { toast } from '@/lib/toast.ts';
import { atAal2, type ConfirmSecondFactor } from '../at-aal2.ts';
import type { EnrollProps } from './enroll-shared.tsx';
import { FACTOR_ICONS, FactorList } from './factor-list.tsx';
import { PasskeyEnrollDialog } from './passkey-enroll-dialog.tsx';
import { PhoneEnrollDialog } from './phone-enroll-dialog.tsx';
import { useStepUp } from './step-up.tsx';
import { TotpEnrollDialog } from './totp-enroll-dialog.tsx';

const ENROLL_DIALOGS: Record<SecondFactorType, (props: EnrollProps) => ReactNode> = {
  totp: TotpEnrollDialog,
  webauthn: PasskeyEnrollDialog,
  phone: PhoneEnrollDialog,
};

const ADD_LABELS = {
  totp: 'security.addTotp',
  webauthn: 'security.addPasskey',
  phone: 'security.addPhone',
} as const;

/**
 * The user's factors, loaded at once and after every change, and removing one. A verified factor
 * goes only at aal2: at aal1 (or when the server says so) `confirm` asks for another factor first.
 */
function useFactors(confirm: ConfirmSecondFactor) {
  const { t } = useTranslation('auth');
  const { pending, run } = useAuthRequest();
  const factors = useAuthQuery('factors', loadFactors);
  const { set } = factors;

  const remove = (factor: SecondFactor) =>
    void run(async (client) => {
      const unenroll = async () => {
        const { error } = await client.mfa.unenroll({ factorId: factor.id });
        if (error) throw error;
        return true;
      };
      if (!(await atAal2(client, unenroll, confirm, factor.verified))) return;
      const name = factor.name || t(`factor.${factor.type}`);
      toast.success(t('security.removed'), t('security.removedDescription', { name }));
      const fresh = await loadFactors(client);
      set(() => fresh);
    });

  return {
    factors: factors.data,
    pending: pending || factors.loading,
    reload: factors.reload,
    remove,
  };
}

/**
 * The profile's 'Zabezpečení' (docs/auth-compatibility.md#second-factors-and-passkeys): the
 * user's second factors with their state, removing one, and adding an authenticator app, a
 * passkey or a phone.
 */
export function SecuritySection() {
  const { t } = useTranslation('auth');
  const stepUp = useStepUp();
  const { factors, pending, reload, remove } = useFactors(stepUp.confirm);
  const [adding, setAdding] = useState<SecondFactorType>();

  const close = () => {
    setAdding(undefined);
    void reload();
  };
  const Enroll = adding && ENROLL_DIALOGS[adding];

  return (
    <SectionCard title={t('security.title')} description={t('security.description')} busy={pending}>
      {factors ? (
        <>
          <FactorSummary factors={factors} />
          <FactorList factors={factors} disabled={pending} onRemove={remove} />
        </>
      ) : (
        !pending && (
          <Button variant="secondary" onClick={() => void reload()} className="self-start">
            {t('mfa.retry')}
          </Button>
        )
      )}
      <AddButtons disabled={pending || !factors} onAdd={setAdding} />
      {Enroll && factors && (
        <Enroll factors={factors} confirm={stepUp.confirm} onClose={close} onAdded={close} />
      )}
      {stepUp.dialog}
    </SectionCard>
  );
}

function FactorSummary({ factors }: { factors: readonly SecondFactor[] }) {
  const { t } = useTranslation('auth');
  const count = factors.filter((factor) => factor.verified).length;
  return (
    <p className="font-medium text-slate-900">
      {count > 0 ? t('security.on', { count }) : t('security.off')}
    </p>
  );
}

function AddButtons({
  disabled,
  onAdd,
}: {
  disabled: boolean;
  onAdd: (type: SecondFactorType) => void;
}) {
  const { t } = useTranslation('auth');
  const types = (['totp', 'webauthn', 'phone'] as const).filter(
    (type) => type !== 'webauthn' || passkeysSupported(),
  );
  return (
    <ChoiceButtons choices={types} disabled={disabled} onChoose={onAdd} align="start">
      {(type) => (
        <>
          <Icon icon={FACTOR_ICONS[type]} />
          {t(ADD_LABELS[type])}
        </>
      )}
    </ChoiceButtons>
  );
}
