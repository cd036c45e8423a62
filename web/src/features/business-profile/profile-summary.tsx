import { BILLABLE_HOURS_MAX, type BusinessProfile } from '@partak/domain/business-profile';
import { useTranslation } from '@/i18n/use-translation.ts';
import { CHOICE_FIELDS } from './profile-draft.ts';

/** What the profile says, field by field (only what was filled in). */
export function ProfileSummary({ profile }: { profile: BusinessProfile }) {
  const { t } = useTranslation('business');
  const rows: [string, string][] = [];
  if (profile.trade) rows.push([t('form.trade.label'), profile.trade]);
  for (const field of CHOICE_FIELDS) {
    const value = profile[field];
    if (value !== undefined) {
      rows.push([t(`form.${field}.label`), t(`options.${field}.${value}` as never)]);
    }
  }
  if (profile.billableHoursPerWeek !== undefined) {
    rows.push([
      t('form.hours.label', { max: BILLABLE_HOURS_MAX }),
      String(profile.billableHoursPerWeek),
    ]);
  }
  if (profile.ico) {
    const name = profile.registry?.ico === profile.ico ? ` (${profile.registry.name})` : '';
    rows.push([t('form.ico.label'), `${profile.ico}${name}`]);
  }
  if (rows.length === 0) return <p className="text-slate-600">{t('card.empty')}</p>;
  return (
    <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm text-slate-600">{label}</dt>
          <dd className="font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
