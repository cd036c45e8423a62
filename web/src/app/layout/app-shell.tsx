import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import { href } from '@partak/domain/routes';
import { Logo } from '@/components/brand/logo.tsx';
import { ErrorBoundary } from '@/components/ui/error-boundary.tsx';
import { PageSpinner } from '@/components/ui/page-spinner.tsx';
import { authClientNeededAtStart } from '@/lib/auth-state.ts';
import { BottomNav } from './bottom-nav.tsx';
import { MenuButton } from './menu-button.tsx';

const Toaster = lazy(() =>
  import('@/components/ui/toaster.tsx').then((m) => ({ default: m.Toaster })),
);

const AuthLanding = lazy(() =>
  import('@/features/sign-in/components/auth-landing.tsx').then((m) => ({
    default: m.AuthLanding,
  })),
);

/** True once the first frame is on screen: for things the first paint does not need. */
function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return ready;
}

/**
 * Marks the document interactive (`<html data-interactive>`) once the first screen has been
 * hydrated or rendered: until then a prerendered page shows but does not yet respond. Browser
 * tests wait for it after loading a page.
 */
function InteractiveMark() {
  useEffect(() => {
    document.documentElement.dataset.interactive = '';
  }, []);
  return null;
}

/** Header, the current screen and the bottom navigation: the frame of every page. */
export function AppShell() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isHome = pathname === href('home');
  const painted = useAfterFirstPaint();
  // Read once, on the first render: before the auth client consumes an email link's fragment.
  const [authAtStart] = useState(authClientNeededAtStart);

  return (
    <div className="mx-auto flex min-h-dvh max-w-screen-sm flex-col bg-white sm:shadow-xl sm:shadow-slate-200">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('skipToContent')}
      </a>
      <header className="sticky top-0 z-20 flex items-center justify-between gap-2 bg-white/90 px-4 pt-[max(0.75rem,env(safe-area-inset-top))] pb-3 backdrop-blur">
        {isHome ? (
          <span />
        ) : (
          <Link to={href('home')} aria-label={t('logoLink')} className="rounded-xl">
            <Logo />
          </Link>
        )}
        <MenuButton />
      </header>
      <main id="main" tabIndex={-1} className="flex-1 px-4 pb-28 outline-none">
        {/* One boundary for the routes: a screen that fails leaves the frame usable, and going
            elsewhere starts afresh. */}
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
            <InteractiveMark />
          </Suspense>
        </ErrorBoundary>
      </main>
      <BottomNav />
      {painted && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
      {painted && authAtStart && (
        <Suspense fallback={null}>
          <AuthLanding />
        </Suspense>
      )}
    </div>
  );
}
