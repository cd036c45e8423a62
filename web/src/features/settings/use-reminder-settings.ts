import { useEffect, useState } from 'react';
import {
  ReminderStateSchema,
  type ReminderSettings,
  type ReminderState,
} from '@partak/domain/api/reminders';
import { useTranslation } from '@/i18n/use-translation.ts';
import { apiJson } from '@/lib/api-client.ts';
import { errorMessage } from '@/lib/error-message.ts';
import {
  currentSubscription,
  subscribeThisDevice,
  unsubscribeThisDevice,
  type PushUnavailable,
} from '@/lib/offline/push-subscription.ts';
import { browserTimeZone } from '@/lib/time-zone.ts';
import { toast } from '@/lib/toast.ts';

/**
 * The signed-in user's reminder as the form edits it (in this browser's time zone, push meaning
 * "this device"), and saving it: push asks the browser's permission when chosen; if the browser
 * cannot or will not, `problem` says why and the rest is still saved.
 */
export function useReminderSettings() {
  const { t } = useTranslation('settings');
  const { t: errors } = useTranslation('errors');
  const [state, setState] = useState<ReminderState>();
  const [form, setForm] = useState<ReminderSettings>();
  const [problem, setProblem] = useState<PushUnavailable>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    void Promise.all([apiJson('/reminders', ReminderStateSchema), currentSubscription()])
      .then(([loaded, subscription]) => {
        setState(loaded);
        setForm({
          ...loaded,
          timeZone: browserTimeZone(),
          push: loaded.push && subscription !== null,
        });
      })
      .catch((error: unknown) =>
        toast.error(t('reminders.loadFailed'), errorMessage(error, errors)),
      );
  }, [t, errors]);

  const set = <K extends keyof ReminderSettings>(key: K, value: ReminderSettings[K]) =>
    setForm((current) => current && { ...current, [key]: value });

  const save = async () => {
    if (!form) return;
    setSaving(true);
    setProblem(undefined);
    try {
      // This device's subscription follows the choice; a refusal keeps push off.
      const refused = form.push ? await subscribeThisDevice() : await unsubscribeThisDevice();
      if (refused) setProblem(refused);
      const push = form.push && !refused;
      const saved = await apiJson('/reminders', ReminderStateSchema, {
        method: 'PUT',
        body: { ...form, push },
      });
      setState(saved);
      setForm((current) => current && { ...current, push });
      toast.success(t('reminders.saved'));
    } catch (error) {
      toast.error(t('reminders.saveFailed'), errorMessage(error, errors));
    } finally {
      setSaving(false);
    }
  };

  return { state, form, problem, saving, set, save };
}
