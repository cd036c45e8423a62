import { useTranslation } from '@/i18n/use-translation.ts';
import { PageHeader } from '@/components/ui/page-header.tsx';

export function GoalsPage() {
  const { t } = useTranslation('goals');
  return <PageHeader title={t('title')} />;
}
