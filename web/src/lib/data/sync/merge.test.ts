import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_USER_SETTINGS } from '@partak/domain/api/account';
import type { WeeklyReview } from '@partak/domain/api/reviews';
import { createGoal, SEED_GOALS } from '@partak/domain/goals';
import { storageKeys } from '@partak/domain/product';
import { setAuthState } from '../../auth-state.ts';
import { holdsOwnData, mergeIntoAccount } from './merge.ts';
import type { Operation, Snapshot } from './operations.ts';
import type { SyncEngine } from './sync-engine.ts';

/*
 * The first sign-in on a device, through every resource of the registry: the network is stood in
 * for at fetch, the sync engine at the three calls the merge makes of it.
 */

const NOW = new Date('2026-11-20T10:00:00Z');
const review = (week: string): WeeklyReview => ({
  week,
  wentWell: 'Web',
  inTheWay: '',
  focus: 'Ceník',
  figures: { stepsDone: 1, goalsFinished: 0, conversations: 0 },
  reviewedAt: NOW.toISOString(),
});

const requests: string[] = [];
let failOn: string | undefined;

beforeEach(() => {
  setAuthState({ status: 'signedOut', user: null });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const request = `${init.method ?? 'GET'} ${url.replace('/api/v1', '')}`;
    requests.push(request);
    if (request === failOn) throw new TypeError('offline');
    return new Response(null, { status: request.startsWith('POST') ? 201 : 200 });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  requests.length = 0;
  failOn = undefined;
});

/** The engine's part in a merge: the signal, the account's snapshot, the queue. */
function fakeEngine(account: Snapshot) {
  const enqueued: Operation[] = [];
  const engine = {
    signedOut: new AbortController().signal,
    refresh: vi.fn(async () => {
      requests.push('refresh');
      return { snapshot: account, outbox: [] };
    }),
    enqueue: async (operations: readonly Operation[]) => void enqueued.push(...operations),
  };
  return { engine: engine as unknown as SyncEngine, enqueued };
}

describe('merging this browser into the account', () => {
  it('sends every resource’s own data in order, then forgets the browser’s copy', async () => {
    const goal = createGoal('Klienti', NOW);
    localStorage.setItem(storageKeys.goals, JSON.stringify([...SEED_GOALS, goal]));
    const at = NOW.toISOString();
    const conversation = {
      id: '00000000-0000-4000-8000-000000000001',
      createdAt: at,
      updatedAt: at,
      messages: [{ role: 'user', content: 'Ceník?', timestamp: at }],
    };
    localStorage.setItem(storageKeys.savedConversations, JSON.stringify([conversation]));
    localStorage.setItem(storageKeys.reviews, JSON.stringify([review('2026-11-16'), review('2026-11-09')]));
    localStorage.setItem(storageKeys.language, 'de');
    expect(holdsOwnData()).toBe(true);

    const { engine, enqueued } = fakeEngine({
      reviews: [review('2026-11-09')],
      settings: DEFAULT_USER_SETTINGS,
    });
    const added = await mergeIntoAccount(engine);

    expect(requests).toEqual([
      'POST /goals',
      'POST /conversations',
      'refresh',
      'PUT /reviews/2026-11-16',
      'refresh',
    ]);
    expect(added).toMatchObject({ goals: 1, conversations: 1 });
    expect(enqueued).toEqual([{ kind: 'settings.update', change: { language: 'de' } }]);
    expect(localStorage.getItem(storageKeys.goals)).toBe('[]');
    expect(localStorage.getItem(storageKeys.savedConversations)).toBeNull();
    expect(localStorage.getItem(storageKeys.reviews)).toBeNull();
    expect(localStorage.getItem(storageKeys.language)).toBe('de');
    expect(holdsOwnData()).toBe(false);
  });

  it('keeps everything of the browser’s when it fails part-way, for the next try', async () => {
    localStorage.setItem(storageKeys.goals, JSON.stringify([createGoal('Web', NOW)]));
    localStorage.setItem(storageKeys.reviews, JSON.stringify([review('2026-11-16')]));
    failOn = 'PUT /reviews/2026-11-16';
    const { engine } = fakeEngine({ settings: DEFAULT_USER_SETTINGS });
    await expect(mergeIntoAccount(engine)).rejects.toThrow();
    expect(JSON.parse(localStorage.getItem(storageKeys.goals) ?? '[]')).toHaveLength(1);
    expect(localStorage.getItem(storageKeys.reviews)).not.toBeNull();
    expect(holdsOwnData()).toBe(true);
  });
});
