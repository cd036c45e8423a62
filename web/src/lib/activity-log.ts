import {
  appendActivity,
  isActivityEvent,
  type ActivityEvent,
  type ActivityType,
} from '@partak/domain/activity';
import { storageKeys } from '@partak/domain/product';
import { readList, writeJson } from './storage.ts';

export function readActivity(): ActivityEvent[] {
  return readList(storageKeys.activity, isActivityEvent).items;
}

/**
 * Appends an event to the local log (bounded: the oldest go first). When storage is full, the
 * older half of the log gives way so that recent activity still counts.
 */
export function recordActivity(type: ActivityType, ref?: string, label?: string): void {
  const event: ActivityEvent = { type, at: new Date().toISOString(), ref, label };
  const log = appendActivity(readActivity(), event);
  if (writeJson(storageKeys.activity, log) === 'full') {
    writeJson(storageKeys.activity, log.slice(Math.floor(log.length / 2)));
  }
}
