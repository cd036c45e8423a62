import { useTranslation } from '@/i18n/use-translation.ts';
import { PageHeader } from '@/components/ui/page-header.tsx';

export function HistoryPage() {
  const { t } = useTranslation('history');
  return <PageHeader title={t('title')} />;
}
