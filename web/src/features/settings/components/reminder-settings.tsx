import { useId } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { FIELD_CLASS } from '@/components/ui/field.ts';
import { PageSpinner } from '@/components/ui/page-spinner.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { useAuthState } from '@/lib/auth-state.ts';
import { localeOf } from '@/lib/format.ts';
import { pushUnavailable } from '@/lib/offline/push-subscription.ts';
import { useReminderSettings } from '../use-reminder-settings.ts';

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
 * zone), by push to this device and/or by e-mail (use-reminder-settings.ts keeps and saves it).
 */
export function ReminderSettings() {
  const { t, language } = useTranslation('settings');
  const auth = useAuthState();
  const id = useId();
  const signedIn = auth.status === 'signedIn';
  const { state, form, problem, saving, set, save } = useReminderSettings(signedIn);
  const locale = localeOf(language);

  if (!signedIn) return <p className="text-slate-700">{t('reminders.signedOut')}</p>;
  if (!form || !state) return <PageSpinner />;

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
            className={FIELD_CLASS}
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
            className={FIELD_CLASS}
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
