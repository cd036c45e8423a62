import { computeStats, recentActivity, type ActivityEvent } from '@partak/domain/activity';
import type { ActivitySummary, UserSettings } from '@partak/domain/api/account';
import { goalOf } from '@partak/domain/api/goals';
import { upsertConversation, type SavedConversation } from '@partak/domain/chat';
import type { Goal } from '@partak/domain/goals';
import type { DataStore } from '../data-store.ts';
import {
  applyToConversations,
  applyToGoals,
  applyToReviews,
  applyToSettings,
  conversationChanges,
  goalChanges,
  reviewChanges,
  settingsChanges,
  type Operation,
} from './operations.ts';
import type { Snapshot } from './send-operation.ts';
import type { SyncEngine } from './sync-engine.ts';

/**
 * The signed-in user's data as the screens' DataStores (data-store.ts): a read is the server's
 * last snapshot with the queued changes applied on top; a write is turned into operations
 * (a diff of before and after) and queued. The screens cannot tell this from browser storage.
 */
function syncedStore<T>(
  engine: SyncEngine,
  view: (snapshot: Snapshot, outbox: readonly Operation[]) => T,
  changes: (before: T, after: T) => Operation[],
): DataStore<T> {
  return {
    async read() {
      const { snapshot, outbox } = await engine.refresh();
      return view(snapshot, outbox);
    },
    async write(change) {
      const { snapshot, outbox } = await engine.state();
      const before = view(snapshot, outbox);
      await engine.enqueue(changes(before, change(before)));
      return 'ok';
    },
    subscribe: (listener) => engine.subscribe(listener),
  };
}

const goalsView = (snapshot: Snapshot, outbox: readonly Operation[]): Goal[] =>
  applyToGoals(snapshot.goals.map(goalOf), outbox);

const conversationsView = (snapshot: Snapshot, outbox: readonly Operation[]) =>
  applyToConversations(
    snapshot.conversations
      .map(({ version: _version, ...conversation }): SavedConversation => conversation)
      .reduce<SavedConversation[]>((list, item) => upsertConversation(list, item), []),
    outbox,
  );

const settingsView = (snapshot: Snapshot, outbox: readonly Operation[]): UserSettings =>
  applyToSettings(snapshot.settings, outbox);

export const syncedGoals = (engine: SyncEngine) => syncedStore(engine, goalsView, goalChanges);

export const syncedConversations = (engine: SyncEngine) =>
  syncedStore(engine, conversationsView, conversationChanges);

export const syncedReviews = (engine: SyncEngine) =>
  syncedStore(
    engine,
    (snapshot, outbox) => applyToReviews(snapshot.reviews ?? [], outbox),
    reviewChanges,
  );

export const syncedSettings = (engine: SyncEngine) =>
  syncedStore(engine, settingsView, settingsChanges);

/** Events not yet uploaded, counted into the figures until the server has them. */
const queuedEvents = (outbox: readonly Operation[]): ActivityEvent[] =>
  outbox.flatMap((operation) => (operation.kind === 'activity.append' ? operation.events : []));

/**
 * The statistics: the server's figures from the whole log; while offline, the last figures it
 * gave (the events waiting to be uploaded show among the recent ones).
 */
export function syncedActivity(engine: SyncEngine): DataStore<ActivitySummary> {
  const view = (snapshot: Snapshot, outbox: readonly Operation[]): ActivitySummary => {
    const waiting = queuedEvents(outbox);
    const summary = snapshot.activity ?? {
      stats: computeStats([], new Date()),
      recent: [],
    };
    return waiting.length
      ? { ...summary, recent: recentActivity([...summary.recent, ...waiting], 4) }
      : summary;
  };
  return syncedStore(engine, view, () => []);
}

/** Records an event for the signed-in user (uploaded with the queue). */
export const recordSynced = (engine: SyncEngine, event: ActivityEvent) =>
  engine.enqueue([{ kind: 'activity.append', events: [event] }]);
