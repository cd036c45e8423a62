import { useState } from 'react';
import { KeyRound, MessageSquareText, ShieldCheck, type IconNode } from 'lucide';
import { ConfirmRemoveDialog } from '@/components/auth/confirm-remove-dialog.tsx';
import { FactorName } from '@/components/auth/factor-name.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import type { SecondFactor, SecondFactorType } from '@/lib/auth/factors.ts';
import { cn } from '@/lib/cn.ts';
import { CredentialRow } from './credential-row.tsx';

export const FACTOR_ICONS: Record<SecondFactorType, IconNode> = {
  totp: ShieldCheck,
  webauthn: KeyRound,
  phone: MessageSquareText,
};

/** The user's factors, each with its state and a remove button (after an explicit yes). */
export function FactorList({
  factors,
  disabled,
  onRemove,
}: {
  factors: readonly SecondFactor[];
  disabled: boolean;
  onRemove: (factor: SecondFactor) => void;
}) {
  const { t } = useTranslation('auth');
  const [confirming, setConfirming] = useState<SecondFactor>();
  if (factors.length === 0) return null;
  const nameOf = (factor: SecondFactor) => factor.name || t(`factor.${factor.type}`);

  const remove = () => {
    if (confirming) onRemove(confirming);
    setConfirming(undefined);
  };

  return (
    <>
      <ul aria-label={t('security.listLabel')} className="flex flex-col gap-2">
        {factors.map((factor) => (
          <CredentialRow
            key={factor.id}
            icon={FACTOR_ICONS[factor.type]}
            name={<FactorName factor={factor} />}
            detail={<FactorStatus verified={factor.verified} />}
            removeLabel={t('security.removeLabel', { name: nameOf(factor) })}
            disabled={disabled}
            onRemove={() => setConfirming(factor)}
          />
        ))}
      </ul>
      <ConfirmRemoveDialog
        title={t('security.confirmRemoveTitle')}
        text={confirming && t('security.confirmRemove', { name: nameOf(confirming) })}
        onCancel={() => setConfirming(undefined)}
        onRemove={remove}
      />
    </>
  );
}

function FactorStatus({ verified }: { verified: boolean }) {
  const { t } = useTranslation('auth');
  return (
    <span
      className={cn(
        'rounded-full px-2.5 py-0.5 text-sm font-medium',
        verified ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-900',
      )}
    >
      {t(verified ? 'factor.verified' : 'factor.unverified')}
    </span>
  );
}
