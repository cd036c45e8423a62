import { CloudOff } from 'lucide';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Icon } from './icon.tsx';

/** The small "not yet synced" mark on a goal or conversation whose change waits for the server. */
export function PendingMark() {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200">
      <Icon icon={CloudOff} className="size-3.5" />
      {t('sync.pending')}
    </span>
  );
}
