import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { computeStats } from '@partak/domain/activity';
import { DEFAULT_USER_SETTINGS } from '@partak/domain/api/account';
import { createGoal, stepBy } from '@partak/domain/goals';
import { storageKeys } from '@partak/domain/product';
import { setAuthState } from '../../../auth-state.ts';
import { subjectOf, viewOf } from '../operations.ts';
import { fetchSnapshot, sendOperation } from '../send-operation.ts';
import { resourceNames, syncResources, type ResourceName } from './index.ts';

/**
 * Every kind of the user's data the domain defines (the browser keys it is kept under while
 * signed out), and the synced resource that carries it to the account — or null where it is not
 * the user's data to sync. A new key in the domain does not compile here until it is placed.
 */
const RESOURCE_OF_KEY: Record<keyof typeof storageKeys, ResourceName | null> = {
  goals: 'goals',
  savedConversations: 'conversations',
  activity: 'activity',
  reviews: 'reviews',
  language: 'settings',
  notifications: 'settings',
  mentorSeesGoals: 'settings',
  mentorSeesProfile: 'settings',
  businessProfile: 'businessProfile',
  // Handed to the account's reminder on the first sign-in (merge.ts), never synced after.
  deviceReminder: null,
  // The session, and the chat in progress in one tab.
  auth: null,
  currentConversation: null,
};

const NOW = new Date('2026-11-20T10:00:00Z');

describe('the registry of synced resources', () => {
  afterEach(() => localStorage.clear());

  it('has a descriptor for every kind of user data the domain defines, and no other', () => {
    expect(Object.keys(RESOURCE_OF_KEY).sort()).toEqual(Object.keys(storageKeys).sort());
    const carried = new Set(Object.values(RESOURCE_OF_KEY).filter((name) => name !== null));
    expect([...carried].sort()).toEqual([...resourceNames].sort());
  });

  it('knows when this browser holds data of its own for a resource', () => {
    for (const [key, name] of Object.entries(RESOURCE_OF_KEY)) {
      if (name === null || name === 'settings') continue;
      expect(syncResources[name].holdsLocal()).toBe(false);
      localStorage.setItem(storageKeys[key as keyof typeof storageKeys], '[{}]');
      expect(syncResources[name].holdsLocal()).toBe(true);
    }
  });

  it('gives every operation kind to exactly one resource, named after it', () => {
    const kinds = resourceNames.flatMap((name) =>
      Object.keys(syncResources[name].kinds).map((kind) => ({ name, kind })),
    );
    expect(new Set(kinds.map(({ kind }) => kind)).size).toBe(kinds.length);
    for (const { name, kind } of kinds) {
      expect(name.startsWith(kind.split('.')[0] ?? '')).toBe(true);
      const owners = resourceNames.filter((owner) => syncResources[owner].owns({ kind }));
      expect(owners).toEqual([name]);
    }
  });

  it('reads a snapshot without a part (kept by an older version) as the empty part', () => {
    expect(viewOf('reviews', { snapshot: {}, outbox: [] })).toEqual([]);
    expect(viewOf('settings', { snapshot: {}, outbox: [] })).toEqual(DEFAULT_USER_SETTINGS);
    const created = createGoal('Web', NOW);
    const outbox = [{ kind: 'goal.create' as const, goal: created }];
    expect(viewOf('goals', { snapshot: {}, outbox })).toEqual([created]);
    expect(viewOf('conversations', { snapshot: {}, outbox })).toEqual([]);
    expect(outbox.map(subjectOf)).toEqual([created.id]);
  });
});

describe('the sync engine, through the registry', () => {
  const goal = { ...createGoal('Web', NOW), version: 1 };
  const steppedGoal = { ...stepBy(goal, 1), version: 2 };
  const summary = { stats: computeStats([], NOW), recent: [] };
  const requests: { method: string; path: string; body: unknown }[] = [];

  beforeEach(() => {
    setAuthState({ status: 'signedOut', user: null });
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      const path = url.replace('/api/v1', '');
      const method = init.method ?? 'GET';
      const body: unknown = init.body ? JSON.parse(String(init.body)) : undefined;
      requests.push({ method, path, body });
      const json = (value: unknown) =>
        new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json' } });
      if (path === '/goals') return json({ items: [goal] });
      if (path === `/goals/${goal.id}`) return json(steppedGoal);
      if (path.startsWith('/conversations')) return json({ items: [] });
      if (path === '/settings') return json(DEFAULT_USER_SETTINGS);
      if (path === '/reviews') return json({ items: [] });
      if (path.startsWith('/activity?')) return json(summary);
      if (path === '/activity') return json({ added: 1 });
      return new Response(null, { status: 404 });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    requests.length = 0;
  });

  it('pulls every resource’s part into one snapshot', async () => {
    const snapshot = await fetchSnapshot(new AbortController().signal);
    expect(snapshot).toEqual({
      goals: [goal],
      conversations: [],
      activity: summary,
      businessProfile: null,
      reviews: [],
      settings: DEFAULT_USER_SETTINGS,
    });
    expect(requests.map(({ method, path }) => `${method} ${path.split('?')[0]}`).sort()).toEqual([
      'GET /activity',
      'GET /business-profile',
      'GET /conversations',
      'GET /goals',
      'GET /reviews',
      'GET /settings',
    ]);
  });

  it('sends an operation through its resource and keeps the rest of the snapshot', async () => {
    const signal = new AbortController().signal;
    const snapshot = { goals: [goal], reviews: [] };
    const stepped = await sendOperation({ kind: 'goal.step', id: goal.id, delta: 1 }, snapshot, signal);
    expect(requests.at(-1)).toEqual({
      method: 'PATCH',
      path: `/goals/${goal.id}`,
      body: { stepDelta: 1 },
    });
    expect(stepped).toEqual({ goals: [steppedGoal], reviews: [] });
    const events = [{ id: goal.id, type: 'goal_step_done' as const, at: NOW.toISOString() }];
    const appended = await sendOperation({ kind: 'activity.append', events }, stepped, signal);
    expect(requests.at(-1)).toEqual({ method: 'POST', path: '/activity', body: { events } });
    expect(appended).toBe(stepped);
  });
});
