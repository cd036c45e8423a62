import { useTranslation } from '@/i18n/use-translation.ts';
import { PageHeader } from '@/components/ui/page-header.tsx';

export function AnalyticsPage() {
  const { t } = useTranslation('analytics');
  return <PageHeader title={t('title')} />;
}
