import { useEffect, useId, useState } from 'react';
import {
  ReminderStateSchema,
  type ReminderSettings as Settings,
  type ReminderState,
} from '@partak/domain/api/reminders';
import { Button } from '@/components/ui/button.tsx';
import { PageSpinner } from '@/components/ui/page-spinner.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { apiJson } from '@/lib/api-client.ts';
import { useAuthState } from '@/lib/auth-state.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { localeOf } from '@/lib/format.ts';
import {
  currentSubscription,
  pushUnavailable,
  subscribeThisDevice,
  unsubscribeThisDevice,
  type PushUnavailable,
} from '@/lib/offline/push-subscription.ts';
import { toast } from '@/lib/toast.ts';

const FIELD =
  'rounded-2xl border border-slate-300 bg-white px-4 py-3 text-base focus:border-brand-700';
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** 5 January 2026 was a Monday: day `weekday` of that week, named in the language. */
const weekdayName = (weekday: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
    Date.UTC(2026, 0, 4 + weekday),
  );
const hourName = (hour: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    Date.UTC(2026, 0, 5, hour),
  );

/**
 * The weekly review reminder of a signed-in user: the day and hour (in this browser's time
 * zone), by push to this device and/or by e-mail. Push asks the browser's permission when it is
 * chosen; if the browser cannot or will not, the user is told and the rest is still saved.
 */
export function ReminderSettings() {
  const { t, language } = useTranslation('settings');
  const { t: errors } = useTranslation('errors');
  const auth = useAuthState();
  const id = useId();
  const [state, setState] = useState<ReminderState>();
  const [form, setForm] = useState<Settings>();
  const [problem, setProblem] = useState<PushUnavailable>();
  const [saving, setSaving] = useState(false);
  const locale = localeOf(language);
  const signedIn = auth.status === 'signedIn';

  useEffect(() => {
    if (!signedIn) return;
    void Promise.all([apiJson('/reminders', ReminderStateSchema), currentSubscription()])
      .then(([loaded, subscription]) => {
        const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
        setState(loaded);
        setForm({ ...loaded, timeZone, push: loaded.push && subscription !== null });
      })
      .catch((error: unknown) =>
        toast.error(t('reminders.loadFailed'), errorMessage(error, errors)),
      );
  }, [signedIn, t, errors]);

  if (!signedIn) return <p className="text-slate-700">{t('reminders.signedOut')}</p>;
  if (!form || !state) return <PageSpinner />;

  const save = async () => {
    setSaving(true);
    setProblem(undefined);
    try {
      let push = form.push;
      if (push) {
        const refused = await subscribeThisDevice();
        if (refused) {
          setProblem(refused);
          push = false;
        }
      } else {
        await unsubscribeThisDevice();
      }
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

  const set = <K extends keyof Settings>(key: K, value: Settings[K]) =>
    setForm((current) => current && { ...current, [key]: value });

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <p className="text-slate-700">{t('reminders.intro')}</p>
      <div className="grid grid-cols-2 gap-3">
        <label className="flex flex-col gap-1 font-semibold text-slate-900">
          {t('reminders.weekday')}
          <select
            value={form.weekday}
            onChange={(event) => set('weekday', Number(event.target.value))}
            className={FIELD}
          >
            {WEEKDAYS.map((day) => (
              <option key={day} value={day}>
                {weekdayName(day, locale)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 font-semibold text-slate-900">
          {t('reminders.hour')}
          <select
            value={form.hour}
            onChange={(event) => set('hour', Number(event.target.value))}
            className={FIELD}
          >
            {HOURS.map((hour) => (
              <option key={hour} value={hour}>
                {hourName(hour, locale)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="text-sm text-slate-600">{t('reminders.timeZone', { zone: form.timeZone })}</p>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 font-semibold text-slate-900">{t('reminders.channels')}</legend>
        <label className="flex items-center gap-3 text-slate-900">
          <input
            type="checkbox"
            checked={form.push}
            disabled={pushUnavailable() === 'unsupported'}
            onChange={(event) => set('push', event.target.checked)}
            aria-describedby={problem ? `${id}-push` : undefined}
            className="size-5 accent-brand-700"
          />
          {t('reminders.push')}
        </label>
        {(problem ?? (pushUnavailable() === 'unsupported' ? 'unsupported' : undefined)) && (
          <p id={`${id}-push`} role="alert" className="text-sm font-medium text-red-700">
            {t(`reminders.pushProblem.${problem ?? 'unsupported'}`)}
          </p>
        )}
        <label className="flex items-center gap-3 text-slate-900">
          <input
            type="checkbox"
            checked={form.email}
            onChange={(event) => set('email', event.target.checked)}
            className="size-5 accent-brand-700"
          />
          {t('reminders.email', { email: auth.user.email })}
        </label>
      </fieldset>
      <p className="text-sm text-slate-600">
        {t('reminders.devices', { count: state.pushDevices })}
      </p>
      <Button type="submit" disabled={saving} className="self-start">
        {t('reminders.save')}
      </Button>
    </form>
  );
}
