import { href } from '@partak/domain/routes';
import { BackLink } from '@/components/ui/back-link.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { ReminderSettings } from '@/features/settings/components/reminder-settings.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';

export function NotificationSettingsPage() {
  const { t } = useTranslation('settings');
  return (
    <div className="flex flex-col gap-5">
      <BackLink to={href('settings')}>{t('notificationsPage.back')}</BackLink>
      <PageHeader title={t('notificationsPage.title')} />
      <section
        aria-labelledby="weekly-reminder"
        className="flex flex-col gap-3 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      >
        <h2 id="weekly-reminder" className="text-lg font-bold text-slate-900">
          {t('reminders.title')}
        </h2>
        <ReminderSettings />
      </section>
    </div>
  );
}
