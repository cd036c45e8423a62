import { Link } from 'react-router';
import { ChartColumn } from 'lucide';
import { APP_VERSION } from '@partak/domain/product';
import { href } from '@partak/domain/routes';
import { LinkCard } from '@/components/ui/link-card.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { ClearHistory } from './clear-history.tsx';
import { LanguageSelect } from './language-select.tsx';
import { SettingSwitch } from './setting-switch.tsx';

/** The on/off settings: where their words are (settings.json) and which setting they turn. */
const SWITCHES = [
  { texts: 'notifications', setting: 'notifications' },
  { texts: 'mentorGoals', setting: 'mentorSeesGoals' },
  { texts: 'mentorProfile', setting: 'mentorSeesProfile' },
] as const;

/**
 * The settings, one card each. The cards are titled but no regions (`region={false}`): named, they
 * would add a landmark per setting, and the notifications card's "Oznámení" would sit beside the
 * toaster's region ("Oznámení alt+T") in the landmark list and in lookups by name.
 */
export function SettingsPanel() {
  const { t } = useTranslation('settings');
  const { t: business } = useTranslation('business');
  const { t: common } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <LinkCard
        to={href('analytics')}
        icon={ChartColumn}
        look="soft"
        title={t('analyticsCard.title')}
        description={t('analyticsCard.description')}
      />
      <SectionCard>
        <LanguageSelect />
      </SectionCard>
      {SWITCHES.map(({ texts, setting }) => (
        <SectionCard key={setting} title={t(`${texts}.title`)} region={false}>
          <SettingSwitch
            setting={setting}
            label={t(`${texts}.label`)}
            description={t(`${texts}.description`)}
            saidOn={t(`${texts}.on`)}
            saidOff={t(`${texts}.off`)}
          />
          {setting === 'notifications' && (
            <Link
              to={href('notificationSettings')}
              className="self-start font-semibold text-brand-800 underline"
            >
              {t('reminders.link')}
            </Link>
          )}
          {setting === 'mentorSeesProfile' && (
            // The profile page's "Můj byznys" card, opened (its anchor: muj-byznys).
            <Link
              to={`${href('profile')}#muj-byznys`}
              className="self-start font-semibold text-brand-800 underline"
            >
              {business('settingsLink')}
            </Link>
          )}
        </SectionCard>
      ))}
      <SectionCard title={t('history.title')} region={false}>
        <ClearHistory />
      </SectionCard>
      <SectionCard title={t('about.title')} region={false}>
        <p className="text-slate-700">{common('tagline')}</p>
        <p className="text-sm text-slate-600">{t('about.version', { version: APP_VERSION })}</p>
      </SectionCard>
    </div>
  );
}
