import {
  appendActivity,
  isActivityEvent,
  upgradeActivityEvent,
  type ActivityEvent,
  type ActivityType,
} from '@partak/domain/activity';
import { newId } from '@partak/domain/ids';
import { storageKeys } from '@partak/domain/product';
import { readList, writeJson, type WriteResult } from '../storage.ts';
import { browserStore } from './data-store.ts';

const KEY = storageKeys.activity;

/** When storage is full, the older half of the log gives way so that recent activity counts. */
function writeLog(log: ActivityEvent[]): WriteResult {
  const result = writeJson(KEY, log);
  return result === 'full' ? writeJson(KEY, log.slice(Math.floor(log.length / 2))) : result;
}

/** The activity log behind the statistics (bounded: the oldest events go first). */
export const activityStore = browserStore(
  KEY,
  () => readList(KEY, isActivityEvent, upgradeActivityEvent),
  writeLog,
);

/** Appends an event to the log; recording never holds up or fails what the user is doing. */
export function recordActivity(type: ActivityType, ref?: string, label?: string): void {
  const event: ActivityEvent = { id: newId(), type, at: new Date().toISOString(), ref, label };
  void activityStore.write((log) => appendActivity(log, event));
}
