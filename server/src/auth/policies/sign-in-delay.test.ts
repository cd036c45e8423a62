import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_SIGN_IN_DELAY_MS, realSleep, signInDelayMs } from './sign-in-delay.ts';

describe('signInDelayMs', () => {
  it('does not slow the first three failures', () => {
    expect([0, 1, 2].map(signInDelayMs)).toEqual([0, 0, 0]);
  });

  it('waits 250 ms from the fourth attempt after three failures, doubling up to 4 s', () => {
    expect([3, 4, 5, 6, 7, 8, 9].map(signInDelayMs)).toEqual([
      250, 500, 1000, 2000, 4000, 4000, 4000,
    ]);
  });

  it('never waits longer than the cap, however many failures', () => {
    for (const failures of [10, 50, 1_000_000, Number.MAX_SAFE_INTEGER]) {
      expect(signInDelayMs(failures)).toBe(MAX_SIGN_IN_DELAY_MS);
    }
  });

  it('never waits for a count that is not a number of failures', () => {
    expect([-1, Number.NaN].map(signInDelayMs)).toEqual([0, 0]);
  });
});

describe('realSleep', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves once the time has passed, not before', async () => {
    vi.useFakeTimers();
    let done = false;
    const sleeping = realSleep(250).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(249);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await sleeping;
    expect(done).toBe(true);
  });
});
