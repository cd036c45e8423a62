import { useId, type ReactNode } from 'react';
import type { ReminderSettings } from '@partak/domain/api/reminders';
import { Button } from '@/components/ui/button.tsx';
import { FIELD_CLASS } from '@/components/ui/field.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import { localeOf } from '@/lib/format.ts';
import { pushUnavailable, type PushUnavailable } from '@/lib/offline/push-subscription.ts';

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

/** Why push is not possible here, in the words for someone with or without an account. */
type PushProblemText = 'unsupported' | 'denied' | 'unsupportedWithoutAccount';

/** A reminder being edited, the account's or this device's (their hooks both give this). */
export interface ReminderEditor {
  form: ReminderSettings;
  set: <K extends keyof ReminderSettings>(key: K, value: ReminderSettings[K]) => void;
  problem: PushUnavailable | undefined;
  saving: boolean;
  save: () => Promise<unknown>;
}

interface ReminderFormProps {
  editor: ReminderEditor;
  signedIn: boolean;
  /** Further ways to send it (e-mail, for an account). */
  channels?: ReactNode;
  /** Said under the ways (the account's devices, or what signing in adds). */
  footnote: ReactNode;
}

/** The weekly review reminder's form: the day and hour (this browser's zone), and how it comes. */
export function ReminderForm(props: ReminderFormProps) {
  const { signedIn } = props;
  const { form, set, problem, saving, save } = props.editor;
  const { t, language } = useTranslation('settings');
  const id = useId();
  const locale = localeOf(language);
  const unavailable = problem ?? pushUnavailable();
  const problemText: PushProblemText | undefined =
    unavailable === 'unsupported' && !signedIn ? 'unsupportedWithoutAccount' : unavailable;

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
            aria-describedby={problemText ? `${id}-push` : undefined}
            className="size-5 accent-brand-700"
          />
          {t('reminders.push')}
        </label>
        {problemText && (
          <p id={`${id}-push`} role="alert" className="text-sm font-medium text-red-700">
            {t(`reminders.pushProblem.${problemText}`)}
          </p>
        )}
        {props.channels}
      </fieldset>
      <p className="text-sm text-slate-600">{props.footnote}</p>
      <Button type="submit" disabled={saving} className="self-start">
        {t('reminders.save')}
      </Button>
    </form>
  );
}
