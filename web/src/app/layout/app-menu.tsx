import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Calculator, CalendarCheck, ChevronDown, Crown, History, LogIn } from 'lucide';
import { Icon } from '@/components/ui/icon.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { href } from '@partak/domain/routes';
import { Dialog } from '@/components/ui/dialog.tsx';
import { useAuthState } from '@/lib/auth-state.ts';
import { AccountMenu } from './account-menu.tsx';

const AuthDialog = lazy(() =>
  import('@/features/sign-in/components/auth-dialog.tsx').then((m) => ({ default: m.AuthDialog })),
);

const INFO_SECTIONS = ['about', 'audience'] as const;

const MENU_LINKS = [
  { to: href('review'), icon: CalendarCheck, label: 'menu.review', tone: 'text-emerald-700' },
  { to: href('history'), icon: History, label: 'menu.history', tone: 'text-brand-700' },
  { to: href('tools'), icon: Calculator, label: 'menu.tools', tone: 'text-brand-700' },
  { to: href('subscription'), icon: Crown, label: 'menu.subscription', tone: 'text-accent-600' },
] as const;

/**
 * The top-right menu: the account (or the way to sign in), the history and subscription links and
 * the info texts. The account block and the info sections are <details> elements sharing one
 * `name`, so the browser keeps at most one of them open.
 */
export function AppMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [authOpen, setAuthOpen] = useState(false);
  const auth = useAuthState();

  return (
    <>
      <Dialog open={open} onClose={onClose} title={t('menu.title')} variant="sheet">
        <ul className="flex flex-col gap-1">
          <li>
            {auth.status === 'signedIn' ? (
              <AccountMenu user={auth.user} onClose={onClose} />
            ) : (
              <button
                type="button"
                onClick={() => {
                  onClose();
                  setAuthOpen(true);
                }}
                className="flex w-full items-center gap-3 rounded-2xl bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800"
              >
                <Icon icon={LogIn} className="size-5" />
                {t(auth.status === 'needsSecondFactor' ? 'menu.finishSignIn' : 'menu.signIn')}
              </button>
            )}
          </li>
          {MENU_LINKS.map(({ to, icon, label, tone }) => (
            <li key={label}>
              <Link
                to={to}
                onClick={onClose}
                className="flex items-center gap-3 rounded-2xl px-4 py-3 font-medium hover:bg-slate-100"
              >
                <Icon icon={icon} className={`size-5 ${tone}`} />
                {t(label)}
              </Link>
            </li>
          ))}
        </ul>
        <div className="flex flex-col gap-1 border-t border-slate-200 pt-3">
          {INFO_SECTIONS.map((section) => (
            <details key={section} name="menu-section" className="group rounded-2xl">
              <summary className="flex cursor-pointer list-none items-center justify-between rounded-2xl px-4 py-3 font-medium hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
                {t(`menu.${section}.title`)}
                <Icon
                  icon={ChevronDown}
                  className="size-5 text-slate-500 transition-transform group-open:rotate-180 motion-reduce:transition-none"
                />
              </summary>
              <p className="px-4 pt-1 pb-3 text-sm leading-relaxed text-slate-700">
                {t(`menu.${section}.body`)}
              </p>
            </details>
          ))}
        </div>
      </Dialog>
      {authOpen && (
        <Suspense fallback={null}>
          <AuthDialog open={authOpen} onClose={() => setAuthOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
