import type { AuthUser } from '@/lib/auth-state.ts';
import { PageSpinner } from '@/components/ui/page-spinner.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { useAuthState } from '@/lib/auth-state.ts';
import { useDeviceReminder } from '../use-device-reminder.ts';
import { useReminderSettings } from '../use-reminder-settings.ts';
import { ReminderForm } from './reminder-form.tsx';

/** A signed-in user's reminder: push to their devices and/or e-mail (use-reminder-settings.ts). */
function AccountReminder({ user }: { user: AuthUser }) {
  const { t } = useTranslation('settings');
  const { state, form, ...editor } = useReminderSettings();
  if (!form || !state) return <PageSpinner />;
  return (
    <ReminderForm
      editor={{ ...editor, form }}
      signedIn
      channels={
        <label className="flex items-center gap-3 text-slate-900">
          <input
            type="checkbox"
            checked={form.email}
            onChange={(event) => editor.set('email', event.target.checked)}
            className="size-5 accent-brand-700"
          />
          {t('reminders.email', { email: user.email })}
        </label>
      }
      footnote={t('reminders.devices', { count: state.pushDevices })}
    />
  );
}

/** Without an account: push to this device only (use-device-reminder.ts). */
function DeviceReminder() {
  const { t } = useTranslation('settings');
  return (
    <ReminderForm
      editor={useDeviceReminder()}
      signedIn={false}
      footnote={t('reminders.signedOut')}
    />
  );
}

/** The weekly review reminder: the account's when signed in, else this device's. */
export function ReminderSettings() {
  const auth = useAuthState();
  return auth.status === 'signedIn' ? <AccountReminder user={auth.user} /> : <DeviceReminder />;
}
