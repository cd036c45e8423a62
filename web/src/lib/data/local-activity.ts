import { isActivityEvent, upgradeActivityEvent, type ActivityEvent } from '@partak/domain/activity';
import { storageKeys } from '@partak/domain/product';
import { readList, writeJson, type WriteResult } from '../storage.ts';
import { browserStore } from './data-store.ts';

const KEY = storageKeys.activity;

/** When storage is full, the older half of the log gives way so that recent activity counts. */
function writeLog(log: ActivityEvent[]): WriteResult {
  const result = writeJson(KEY, log);
  return result === 'full' ? writeJson(KEY, log.slice(Math.floor(log.length / 2))) : result;
}

/** The activity log kept in this browser (bounded: the oldest events go first). */
export const localActivity = browserStore(
  KEY,
  () => readList(KEY, isActivityEvent, upgradeActivityEvent),
  writeLog,
);
