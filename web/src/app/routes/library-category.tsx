import { useTranslation } from '@/i18n/use-translation.ts';
import { PageHeader } from '@/components/ui/page-header.tsx';

export function LibraryCategoryPage() {
  const { t } = useTranslation('library');
  return <PageHeader title={t('title')} />;
}
