import type { ActivityEvent } from '@partak/domain/activity';
import { getAuthState, subscribeAuthState } from '../auth-state.ts';
import type { DataStore } from './data-store.ts';
import type { UserSync } from './sync/account-sync.ts';

/*
 * Whose data the screens see: this browser's storage while signed out, the account's (kept on the
 * server, cached and queued in this browser) while signed in. This file is small and loads at
 * start-up (main.tsx starts the account sync here); the sync itself (sync/) is fetched the first
 * time a signed-in user's data is needed.
 */

let current: { userId: string; sync: Promise<UserSync>; signedOut: AbortController } | undefined;

const loadSync = () => import('./sync/account-sync.ts');

/** The signed-in user's sync (one per user, started on first use), or undefined when signed out. */
export function userSync(): Promise<UserSync> | undefined {
  const state = getAuthState();
  if (state.status !== 'signedIn') return undefined;
  if (current?.userId !== state.user.id) {
    const userId = state.user.id;
    const signedOut = new AbortController();
    const sync = loadSync().then((m) => m.startUserSync(userId, signedOut.signal));
    current = { userId, sync, signedOut };
  }
  return current.sync;
}

/**
 * A store that is `local` while signed out and the user's synced store (chosen by `pick`) while
 * signed in. Listeners hear both, and the switch itself when someone signs in or out.
 */
export function accountOrLocal<T>(
  local: DataStore<T>,
  pick: (sync: UserSync) => DataStore<T>,
): DataStore<T> {
  const store = async () => {
    const sync = userSync();
    return sync ? pick(await sync) : local;
  };
  return {
    read: async () => (await store()).read(),
    write: async (change) => (await store()).write(change),
    subscribe(listener) {
      let stopSynced: (() => void) | undefined;
      let closed = false;
      const follow = () => {
        stopSynced?.();
        stopSynced = undefined;
        void userSync()?.then((sync) => {
          if (!closed) stopSynced = pick(sync).subscribe(listener);
        });
      };
      follow();
      const stopLocal = local.subscribe(listener);
      const stopAuth = subscribeAuthState(() => {
        follow();
        listener();
      });
      return () => {
        closed = true;
        stopSynced?.();
        stopLocal();
        stopAuth();
      };
    },
  };
}

/** Appends an activity event for whoever is using the app (never holds up or fails the caller). */
export function recordEvent(event: ActivityEvent, local: (event: ActivityEvent) => void): void {
  const sync = userSync();
  if (sync) void sync.then((s) => s.record(event));
  else local(event);
}

let started = false;

/**
 * Follows who is signed in, for the whole app: signing in on this device brings what it holds
 * into the account; signing out forgets the account's data here (the server keeps it). Called once
 * at start-up (main.tsx); calling it again does nothing. The sync itself still loads only when a
 * signed-in user's data is needed.
 */
export function startAccountSync(): void {
  if (started) return;
  started = true;
  let previous = getAuthState();
  subscribeAuthState(() => {
    const next = getAuthState();
    if (previous.status === 'signedIn' && next.user?.id !== previous.user.id) {
      const userId = previous.user.id;
      // At once, not after an import: auth-js sends the request that revokes the session right
      // after this, and the user's requests still under way must end before it.
      if (current?.userId === userId) current.signedOut.abort();
      current = undefined;
      void loadSync().then((m) => m.stopUserSync(userId));
    }
    if (next.status === 'signedIn' && previous.status !== 'signedIn') {
      // A merge that fails (offline) leaves this browser's data in place; it is tried again the
      // next time the app starts signed in.
      void userSync()
        ?.then((sync) => sync.mergeThisBrowser())
        .catch(() => undefined);
    }
    previous = next;
  });
}
