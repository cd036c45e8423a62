import { PageHeader } from '@/components/ui/page-header.tsx';
import { WeeklyReview } from '@/features/review/components/weekly-review.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';

export function ReviewPage() {
  const { t } = useTranslation('goals');
  return (
    <div className="flex flex-col gap-5">
      <PageHeader title={t('review.title')} description={t('review.subtitle')} />
      <WeeklyReview />
    </div>
  );
}
