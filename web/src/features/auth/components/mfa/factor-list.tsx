import { useState } from 'react';
import { KeyRound, MessageSquareText, ShieldCheck, Trash2, type IconNode } from 'lucide';
import { Button } from '@/components/ui/button.tsx';
import { Icon } from '@/components/ui/icon.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { cn } from '@/lib/cn.ts';
import type { SecondFactor, SecondFactorType } from '../../mfa/factors.ts';
import { ConfirmRemoveDialog } from '../confirm-remove-dialog.tsx';
import { FactorName } from './factor-name.tsx';

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
          <li
            key={factor.id}
            className="flex items-center gap-3 rounded-2xl px-4 py-3 ring-1 ring-slate-200"
          >
            <Icon icon={FACTOR_ICONS[factor.type]} className="text-brand-700" />
            <span className="flex min-w-0 flex-1 flex-col items-start gap-1">
              <FactorName factor={factor} />
              <FactorStatus verified={factor.verified} />
            </span>
            <Button
              variant="ghost"
              disabled={disabled}
              aria-label={t('security.removeLabel', { name: nameOf(factor) })}
              onClick={() => setConfirming(factor)}
              className="shrink-0 px-3"
            >
              <Icon icon={Trash2} />
              {t('security.remove')}
            </Button>
          </li>
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
