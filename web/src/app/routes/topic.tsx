import { useTranslation } from '@/i18n/use-translation.ts';
import { PageHeader } from '@/components/ui/page-header.tsx';

export function TopicPage() {
  const { t } = useTranslation('topics');
  return <PageHeader title={t('title')} />;
}
