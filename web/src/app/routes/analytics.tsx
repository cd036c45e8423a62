import { href } from '@partak/domain/routes';
import { BackLink } from '@/components/ui/back-link.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { ActivityOverview } from '@/features/analytics/components/activity-overview.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';

export function AnalyticsPage() {
  const { t } = useTranslation('analytics');
  return (
    <div className="flex flex-col gap-5">
      <BackLink to={href('settings')}>{t('back')}</BackLink>
      <PageHeader title={t('title')} description={t('subtitle')} />
      <ActivityOverview />
    </div>
  );
}
