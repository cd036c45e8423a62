import { PageHeader } from '@/components/ui/page-header.tsx';
import { GoalsBoard } from '@/features/goals/components/goals-board.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';

export function GoalsPage() {
  const { t } = useTranslation('goals');
  return (
    <div className="flex flex-col gap-5">
      <PageHeader title={t('title')} description={t('subtitle')} />
      <GoalsBoard />
    </div>
  );
}
