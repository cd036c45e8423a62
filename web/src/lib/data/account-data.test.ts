import { describe, expect, it, vi } from 'vitest';
import { setAuthState, type AuthUser } from '../auth-state.ts';
import { startAccountSync, userSync } from './account-data.ts';

/*
 * The account sync follows sign-ins only once the app has started it. The sync itself (loaded
 * lazily) is stood in for at its module: what is checked is when it is started, merged, stopped.
 */

const calls: string[] = [];
const signals: AbortSignal[] = [];

vi.mock('./sync/account-sync.ts', () => ({
  startUserSync(userId: string, signedOut: AbortSignal) {
    calls.push(`start ${userId}`);
    signals.push(signedOut);
    return {
      mergeThisBrowser: async () => void calls.push(`merge ${userId}`),
    };
  },
  async stopUserSync(userId: string) {
    calls.push(`stop ${userId}`);
  },
}));

const user = (id: string): AuthUser => ({ id, email: `${id}@example.cz`, provider: 'email' });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the account sync, started by the app', () => {
  it('follows sign-ins only once started, and only once however often it is started', async () => {
    setAuthState({ status: 'signedIn', user: user('anna') });
    await settle();
    expect(calls).toEqual([]);
    setAuthState({ status: 'signedOut', user: null });

    startAccountSync();
    startAccountSync();
    setAuthState({ status: 'signedIn', user: user('anna') });
    await settle();
    expect(calls).toEqual(['start anna', 'merge anna']);

    setAuthState({ status: 'signedOut', user: null });
    expect(signals[0]?.aborted).toBe(true);
    await settle();
    expect(calls).toEqual(['start anna', 'merge anna', 'stop anna']);
    expect(userSync()).toBeUndefined();
  });
});
