import { appendActivity, type ActivityEvent, type ActivityType } from '@partak/domain/activity';
import type { ActivitySummary } from '@partak/domain/api/account';
import { newId } from '@partak/domain/ids';
import { accountOrLocal, recordEvent } from './account-data.ts';
import type { DataStore } from './data-store.ts';
import { localActivity } from './local-activity.ts';

/**
 * What the statistics screen shows: signed out, this browser's log (the screen computes the
 * figures); signed in, the figures the server computed from the account's whole log.
 */
export type ActivityView =
  { kind: 'log'; events: ActivityEvent[] } | { kind: 'summary'; summary: ActivitySummary };

const localView: DataStore<ActivityView> = {
  read: async () => ({ kind: 'log', events: await localActivity.read() }),
  write: async () => 'ok',
  subscribe: (listener) => localActivity.subscribe(listener),
};

export const activityStore = accountOrLocal<ActivityView>(localView, (sync) => ({
  read: async () => ({ kind: 'summary', summary: await sync.activity.read() }),
  write: async () => 'ok',
  subscribe: (listener) => sync.activity.subscribe(listener),
}));

/** Appends an event to the log; recording never holds up or fails what the user is doing. */
export function recordActivity(type: ActivityType, ref?: string, label?: string): void {
  const event: ActivityEvent = { id: newId(), type, at: new Date().toISOString(), ref, label };
  recordEvent(event, (local) => void localActivity.write((log) => appendActivity(log, local)));
}
