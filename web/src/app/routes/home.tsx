import { lazy, Suspense, useSyncExternalStore, type ComponentType } from 'react';
import { storageKeys } from '@partak/domain/product';
import { Bubbles } from '@/features/home/components/bubbles.tsx';
import { Welcome } from '@/features/home/components/welcome.tsx';
import { useAuthState } from '@/lib/auth-state.ts';
import { readString } from '@/lib/storage.ts';

const NoDay: ComponentType = () => null;

/**
 * A returning visitor's day (their goals, streak, review, this month's deadlines): their own data,
 * so it is fetched after the first paint and never part of the prerendered page. It is extra to
 * home: when its code cannot be fetched (offline before the app finished caching itself), home shows
 * without it instead of failing, and the next visit to home tries again.
 */
const loadHomeDay = () =>
  lazy<ComponentType>(() =>
    import('@/features/home/components/home-day.tsx').then(
      (m) => ({ default: m.HomeDay }),
      () => {
        HomeDay = loadHomeDay();
        return { default: NoDay };
      },
    ),
  );
let HomeDay = loadHomeDay();

const noSubscription = () => () => undefined;

/** Someone who has done something here before: only they have a day to show (and load). */
const hasHistory = () =>
  readString(storageKeys.activity) !== null ||
  readString(storageKeys.reviews) !== null ||
  readString(storageKeys.businessProfile) !== null;

export function HomePage() {
  // False on the server and while hydrating: the prerendered HTML never holds it.
  const returning = useSyncExternalStore(noSubscription, hasHistory, () => false);
  const signedIn = useAuthState().status === 'signedIn';
  return (
    <div className="relative isolate min-h-[70dvh]">
      <Bubbles />
      {(returning || signedIn) && (
        <Suspense fallback={null}>
          <HomeDay />
        </Suspense>
      )}
      <Welcome />
    </div>
  );
}
