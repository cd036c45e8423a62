import type { ReactNode } from 'react';
import { Trash2, type IconNode } from 'lucide';
import { Button } from '@/components/ui/button.tsx';
import { Icon } from '@/components/ui/icon.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';

/**
 * One way into the account (a second factor, a sign-in passkey) in a list: its icon, its name, a
 * line about it, and "Odebrat", which asks first (the caller opens ConfirmRemoveDialog).
 */
export function CredentialRow({
  icon,
  name,
  detail,
  removeLabel,
  disabled,
  onRemove,
}: {
  icon: IconNode;
  name: ReactNode;
  detail: ReactNode;
  /** The remove button's accessible name, saying which one it removes. */
  removeLabel: string;
  disabled: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation('auth');
  return (
    <li className="flex items-center gap-3 rounded-2xl px-4 py-3 ring-1 ring-slate-200">
      <Icon icon={icon} className="text-brand-700" />
      <span className="flex min-w-0 flex-1 flex-col items-start gap-1">
        {name}
        {detail}
      </span>
      <Button
        variant="ghost"
        disabled={disabled}
        aria-label={removeLabel}
        onClick={onRemove}
        className="shrink-0 px-3"
      >
        <Icon icon={Trash2} />
        {t('security.remove')}
      </Button>
    </li>
  );
}
