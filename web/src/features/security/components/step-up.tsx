import { useCallback, useState, type ReactNode } from 'react';
import { SecondFactorStep } from '@/components/auth/second-factor-step.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import type { ConfirmSecondFactor } from '../at-aal2.ts';

/**
 * Asking for a second factor in the middle of a change (removing a verified factor at aal1,
 * which GoTrue refuses): `confirm()` opens the dialog and resolves true once verified, false
 * when closed. Render `dialog` somewhere in the component.
 */
export function useStepUp(): { confirm: ConfirmSecondFactor; dialog: ReactNode } {
  const [settle, setSettle] = useState<(verified: boolean) => void>();

  const confirm = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        setSettle(() => (verified: boolean) => {
          setSettle(undefined);
          resolve(verified);
        });
      }),
    [],
  );

  const dialog = settle && (
    <StepUpDialog onVerified={() => settle(true)} onClose={() => settle(false)} />
  );
  return { confirm, dialog };
}

function StepUpDialog({ onVerified, onClose }: { onVerified: () => void; onClose: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <Dialog open onClose={onClose} title={t('mfa.stepUpTitle')}>
      <p className="text-slate-700">{t('mfa.stepUpIntro')}</p>
      <SecondFactorStep onVerified={onVerified} />
    </Dialog>
  );
}
