import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False on the server and while a prerendered page hydrates, true once the browser renders on
 * its own: for what the prerendered HTML must not hold because it depends on today's date (a
 * page built on Monday is still served next week).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
