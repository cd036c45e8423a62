import { href } from '@partak/domain/routes';
import { BackLink } from '@/components/ui/back-link.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { HistoryList } from '@/features/history/components/history-list.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';

export function HistoryPage() {
  const { t } = useTranslation('history');
  return (
    <div className="flex flex-col gap-5">
      <BackLink to={href('chat')}>{t('backToChat')}</BackLink>
      <PageHeader title={t('title')} />
      <HistoryList />
    </div>
  );
}
