import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChartColumn, ChevronRight } from 'lucide';
import { APP_VERSION } from '@partak/domain/product';
import { href } from '@partak/domain/routes';
import { Icon } from '@/components/ui/icon.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { ClearHistory } from './clear-history.tsx';
import { LanguageSelect } from './language-select.tsx';
import { NotificationsSwitch } from './notifications-switch.tsx';

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
      <Link
        to={href('analytics')}
        className="flex items-center gap-4 rounded-3xl bg-brand-50 p-5 ring-1 ring-brand-100 transition hover:ring-brand-300"
      >
        <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-700 text-white">
          <Icon icon={ChartColumn} className="size-6" />
        </span>
        <span className="flex flex-1 flex-col">
          <span className="font-semibold text-slate-900">{t('analyticsCard.title')}</span>
          <span className="text-sm text-slate-700">{t('analyticsCard.description')}</span>
        </span>
        <Icon icon={ChevronRight} className="text-slate-500" />
      </Link>
      <Section>
        <LanguageSelect />
      </Section>
      <Section title={t('notifications.title')}>
        <NotificationsSwitch />
      </Section>
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
