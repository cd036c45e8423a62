import { useState } from 'react';
import { DEFAULT_REMINDER_SETTINGS, type ReminderSettings } from '@partak/domain/api/reminders';
import { useTranslation } from '@/i18n/use-translation.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { readDeviceReminder, saveDeviceReminder } from '@/lib/offline/device-reminder.ts';
import type { PushUnavailable } from '@/lib/offline/push-subscription.ts';
import { browserTimeZone } from '@/lib/time-zone.ts';
import { toast } from '@/lib/toast.ts';

/** The form as this device's choice fills it: push on when one is kept, never e-mail. */
function initialForm(): ReminderSettings {
  const choice = readDeviceReminder();
  return {
    ...DEFAULT_REMINDER_SETTINGS,
    ...choice,
    timeZone: browserTimeZone(),
    push: choice !== undefined,
  };
}

/**
 * The reminder of a device used without an account, as the form edits it, and saving it: push on
 * asks the browser's permission and keeps the reminder (lib/offline/device-reminder.ts); push off
 * removes it. A refusal says why and keeps nothing.
 */
export function useDeviceReminder() {
  const { t } = useTranslation('settings');
  const { t: errors } = useTranslation('errors');
  const [form, setForm] = useState(initialForm);
  const [problem, setProblem] = useState<PushUnavailable>();
  const [saving, setSaving] = useState(false);

  const set = <K extends keyof ReminderSettings>(key: K, value: ReminderSettings[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const save = async () => {
    setSaving(true);
    setProblem(undefined);
    try {
      const { weekday, hour, timeZone } = form;
      const refused = await saveDeviceReminder(form.push ? { weekday, hour, timeZone } : undefined);
      if (refused) {
        setProblem(refused);
        setForm((current) => ({ ...current, push: false }));
      } else {
        toast.success(t('reminders.saved'));
      }
    } catch (error) {
      toast.error(t('reminders.saveFailed'), errorMessage(error, errors));
    } finally {
      setSaving(false);
    }
  };

  return { form, problem, saving, set, save };
}
