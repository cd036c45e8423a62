import { Link, useLocation } from 'react-router';
import { Icon } from '@/components/ui/icon.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { matchRoute } from '@partak/domain/routes';
import { cn } from '@/lib/cn.ts';
import { NAV_ITEMS } from './nav-items.ts';

/** The five-item bar at the bottom of every page; the current section is highlighted. */
export function BottomNav() {
  const { t } = useTranslation('nav');
  const { pathname } = useLocation();
  const current = matchRoute(pathname);

  return (
    <nav
      aria-label={t('label')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className="mx-auto grid max-w-screen-sm grid-cols-5">
        {NAV_ITEMS.map(({ key, to, icon, section }) => {
          const isPage = current !== undefined && current === section[0];
          const inSection = current !== undefined && section.includes(current);
          return (
            <li key={key}>
              <Link
                to={to}
                aria-current={isPage ? 'page' : inSection ? 'true' : undefined}
                data-active={inSection || undefined}
                className={cn(
                  'flex min-h-16 flex-col items-center justify-center gap-1 text-xs font-medium transition-colors',
                  inSection ? 'text-brand-700' : 'text-slate-600 hover:text-slate-900',
                )}
              >
                <span
                  className={cn(
                    'flex h-8 w-12 items-center justify-center rounded-full transition-colors',
                    inSection && 'bg-brand-100',
                  )}
                >
                  <Icon icon={icon} strokeWidth={inSection ? 2.5 : 2} />
                </span>
                {t(key)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
