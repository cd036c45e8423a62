import { PageHeader } from '@/components/ui/page-header.tsx';
import { SettingsPanel } from '@/features/settings/components/settings-panel.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';

export function SettingsPage() {
  const { t } = useTranslation('settings');
  return (
    <div className="flex flex-col gap-5">
      <PageHeader title={t('title')} />
      <SettingsPanel />
    </div>
  );
}
