/** Waits `ms` milliseconds; the app's is a timer, tests pass their own (app.ts). */
export type Sleep = (ms: number) => Promise<void>;

export const realSleep: Sleep = (ms) =>
  new Promise((resolve) => {
    setTimeout(resolve, ms);
  });

/** Wrong passwords for one address before its sign-ins start to slow down. */
export const SLOW_FROM_FAILURE = 3;
/** The first delay; each further failure doubles it, up to MAX_SIGN_IN_DELAY_MS. */
export const FIRST_SIGN_IN_DELAY_MS = 250;
export const MAX_SIGN_IN_DELAY_MS = 4000;

/**
 * How long a password sign-in to an address waits before it is answered, given the wrong
 * passwords already counted for that address in the current window: nothing while there are
 * fewer than three, then 0.25 s, 0.5 s, 1 s, 2 s and 4 s from then on, until
 * RATE_LIMIT_SIGN_IN_FAILURES refuses outright (with the default of 10, a guesser spends about
 * 16 s on the last seven tries). The owner, who mistypes once or twice, never waits. A pure
 * function of the count, so every instance slows an address alike.
 */
export function signInDelayMs(failures: number): number {
  if (!Number.isFinite(failures) || failures < SLOW_FROM_FAILURE) return 0;
  const doublings = Math.min(failures - SLOW_FROM_FAILURE, 16);
  return Math.min(FIRST_SIGN_IN_DELAY_MS * 2 ** doublings, MAX_SIGN_IN_DELAY_MS);
}
