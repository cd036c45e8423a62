import { lazy, Suspense, useSyncExternalStore } from 'react';
import { storageKeys } from '@partak/domain/product';
import { Bubbles } from '@/features/home/components/bubbles.tsx';
import { Welcome } from '@/features/home/components/welcome.tsx';
import { useAuthState } from '@/lib/auth-state.ts';
import { readString } from '@/lib/storage.ts';

// A returning visitor's day (their goals, streak, review): their own data, so it is fetched after
// the first paint and never part of the prerendered page.
const Today = lazy(() =>
  import('@/features/home/components/today.tsx').then((m) => ({ default: m.Today })),
);

// This month's deadlines: the figures and the deadline rules come with it, after home is shown.
const ThisMonth = lazy(() =>
  import('@/features/home/components/this-month.tsx').then((m) => ({ default: m.ThisMonth })),
);

const noSubscription = () => () => undefined;
const inBrowser = () => true;
const onServer = () => false;

/** Someone who has done something here before: only they have a day to show (and load). */
const hasHistory = () =>
  readString(storageKeys.activity) !== null || readString(storageKeys.reviews) !== null;

export function HomePage() {
  // False on the server and while hydrating: the prerendered HTML never holds it.
  const returning = useSyncExternalStore(noSubscription, hasHistory, () => false);
  const signedIn = useAuthState().status === 'signedIn';
  const hydrated = useSyncExternalStore(noSubscription, inBrowser, onServer);
  return (
    <div className="relative isolate min-h-[70dvh]">
      <Bubbles />
      {(returning || signedIn) && (
        <Suspense fallback={null}>
          <Today />
        </Suspense>
      )}
      <Welcome />
      {/* A fixed-height place for the card, in the prerendered page too, so nothing jumps. */}
      <div className="min-h-40">
        {hydrated && (
          <Suspense fallback={null}>
            <ThisMonth />
          </Suspense>
        )}
      </div>
    </div>
  );
}
