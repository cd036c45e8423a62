import { href } from '@partak/domain/routes';
import { BackLink } from '@/components/ui/back-link.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { CalendarFeed } from '@/features/settings/components/calendar-feed.tsx';
import { ReminderSettings } from '@/features/settings/components/reminder-settings.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';

export function NotificationSettingsPage() {
  const { t } = useTranslation('settings');
  return (
    <div className="flex flex-col gap-5">
      <BackLink to={href('settings')}>{t('notificationsPage.back')}</BackLink>
      <PageHeader title={t('notificationsPage.title')} />
      <SectionCard title={t('reminders.title')}>
        <ReminderSettings />
      </SectionCard>
      <SectionCard title={t('calendarFeed.title')}>
        <CalendarFeed />
      </SectionCard>
    </div>
  );
}
