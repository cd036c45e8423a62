import { useTranslation } from '@/i18n/use-translation.ts';
import { PageHeader } from '@/components/ui/page-header.tsx';

export function TopicsPage() {
  const { t } = useTranslation('topics');
  return <PageHeader title={t('title')} />;
}
