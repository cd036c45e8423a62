import { BellRing } from 'lucide';
import { href } from '@partak/domain/routes';
import { BackLink } from '@/components/ui/back-link.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Icon } from '@/components/ui/icon.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';

export function NotificationSettingsPage() {
  const { t } = useTranslation('settings');
  return (
    <div className="flex flex-col gap-5">
      <BackLink to={href('settings')}>{t('notificationsPage.back')}</BackLink>
      <PageHeader title={t('notificationsPage.title')} />
      <EmptyState title={t('notificationsPage.placeholder')}>
        <Icon icon={BellRing} className="size-8 text-brand-700" />
      </EmptyState>
    </div>
  );
}
