import { href } from '@partak/domain/routes';
import { BackLink } from '@/components/ui/back-link.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { CategoryList } from '@/features/library/components/category-list.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';

export function LibraryPage() {
  const { t } = useTranslation('library');
  return (
    <div className="flex flex-col gap-5">
      <BackLink to={`${href('topics')}?tab=library`}>{t('backToTopics')}</BackLink>
      <PageHeader title={t('entry.title')} description={t('intro')} />
      <CategoryList />
    </div>
  );
}
