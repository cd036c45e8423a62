import { useTranslation } from '@/i18n/use-translation.ts';
import { PageHeader } from '@/components/ui/page-header.tsx';

export function SettingsPage() {
  const { t } = useTranslation('settings');
  return <PageHeader title={t('title')} />;
}
