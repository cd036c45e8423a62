import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChartColumn } from 'lucide';
import { APP_VERSION } from '@partak/domain/product';
import { href } from '@partak/domain/routes';
import { LinkCard } from '@/components/ui/link-card.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { ClearHistory } from './clear-history.tsx';
import { LanguageSelect } from './language-select.tsx';
import { SettingSwitch } from './setting-switch.tsx';

/** The on/off settings: where their words are (settings.json) and which setting they turn. */
const SWITCHES = [
  { texts: 'notifications', setting: 'notifications' },
  { texts: 'mentorGoals', setting: 'mentorSeesGoals' },
] as const;

function Section({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      {title && <h2 className="text-lg font-bold text-slate-900">{title}</h2>}
      {children}
    </section>
  );
}

export function SettingsPanel() {
  const { t } = useTranslation('settings');
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
      <Section>
        <LanguageSelect />
      </Section>
      {SWITCHES.map(({ texts, setting }) => (
        <Section key={setting} title={t(`${texts}.title`)}>
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
        </Section>
      ))}
      <Section title={t('history.title')}>
        <ClearHistory />
      </Section>
      <Section title={t('about.title')}>
        <p className="text-slate-700">{common('tagline')}</p>
        <p className="text-sm text-slate-600">{t('about.version', { version: APP_VERSION })}</p>
      </Section>
    </div>
  );
}
