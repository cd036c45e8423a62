import {
  ACTIVITY_BATCH_MAX,
  ActivitySummarySchema,
  type ActivitySummary,
} from '@partak/domain/api/account';
import { computeStats, recentActivity, type ActivityEvent } from '@partak/domain/activity';
import { storageKeys } from '@partak/domain/product';
import { z } from 'zod/mini';
import { apiFetch, apiJson } from '../../../api-client.ts';
import { readString, removeKey } from '../../../storage.ts';
import { browserTimeZone } from '../../../time-zone.ts';
import { localActivity } from '../../local-activity.ts';
import { defineResource } from '../resource.ts';

/** Events for the account's log; one already there (same id) is not added again. */
export interface ActivityOperation {
  kind: 'activity.append';
  events: ActivityEvent[];
}

/** An event recorded for the signed-in user, uploaded with the queue. */
export const appendingEvent = (event: ActivityEvent): ActivityOperation => ({
  kind: 'activity.append',
  events: [event],
});

const AddedSchema = z.object({ added: z.number() });

/**
 * The statistics: the server's figures from the whole log; while offline, the last figures it
 * gave (the events waiting to be uploaded show among the recent ones). A screen never writes them.
 */
export const activity = defineResource<ActivitySummary, ActivitySummary, ActivityOperation>({
  kinds: { 'activity.append': true },
  empty: () => ({ stats: computeStats([], new Date()), recent: [] }),
  fetch: (signal) =>
    apiJson(
      `/activity?timeZone=${encodeURIComponent(browserTimeZone())}`,
      ActivitySummarySchema,
      { signal },
    ),
  apply(summary, outbox) {
    // Events not yet uploaded, counted into the figures until the server has them.
    const waiting = outbox.flatMap((operation) => operation.events);
    return waiting.length
      ? { ...summary, recent: recentActivity([...summary.recent, ...waiting], 4) }
      : summary;
  },
  diff: () => [],
  async send(operation, summary, signal) {
    await apiJson('/activity', AddedSchema, {
      method: 'POST',
      body: { events: operation.events },
      signal,
    });
    return summary;
  },
  subject: () => undefined,
  holdsLocal: () => readString(storageKeys.activity) !== null,
  async merge({ signal }) {
    const events = await localActivity.read();
    for (let start = 0; start < events.length; start += ACTIVITY_BATCH_MAX) {
      const batch = events.slice(start, start + ACTIVITY_BATCH_MAX);
      await apiFetch('/activity', { method: 'POST', body: { events: batch }, signal });
    }
    return { added: 0, forget: () => removeKey(storageKeys.activity) };
  },
});
