import { lazy, Suspense, useSyncExternalStore } from 'react';
import { Bubbles } from '@/features/home/components/bubbles.tsx';
import { Welcome } from '@/features/home/components/welcome.tsx';

// A returning visitor's day (their goals, streak, review): their own data, so it is fetched after
// the first paint and never part of the prerendered page.
const Today = lazy(() =>
  import('@/features/home/components/today.tsx').then((m) => ({ default: m.Today })),
);

const noSubscription = () => () => undefined;

export function HomePage() {
  // False on the server and while hydrating, true after: the prerendered HTML never holds it.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return (
    <div className="relative isolate min-h-[70dvh]">
      <Bubbles />
      {hydrated && (
        <Suspense fallback={null}>
          <Today />
        </Suspense>
      )}
      <Welcome />
    </div>
  );
}
