/**
 * The statistics screen on a full activity log (10,000 events, the log's limit): how long
 * computing the figures and the recent list takes. Budget: well inside one frame (16 ms).
 */
import { performance } from 'node:perf_hooks';
import {
  ACTIVITY_LOG_LIMIT,
  ACTIVITY_TYPES,
  computeStats,
  isActivityEvent,
  recentActivity,
  upgradeActivityEvent,
  type ActivityEvent,
} from '../domain/src/activity.ts';
import { newId } from '../domain/src/ids.ts';

export function benchAnalytics(): boolean {
  const now = new Date();
  // What the app records: conversation and goal ids are UUIDs (topics and articles use slugs).
  const refs = Array.from({ length: 97 }, () => newId());
  const events: ActivityEvent[] = Array.from({ length: ACTIVITY_LOG_LIMIT }, (_, i) => ({
    id: newId(),
    type: ACTIVITY_TYPES[i % ACTIVITY_TYPES.length] ?? 'message_sent',
    at: new Date(now.getTime() - (ACTIVITY_LOG_LIMIT - i) * 11 * 60_000).toISOString(),
    ref: refs[i % refs.length],
  }));
  for (let i = 0; i < 20; i++) computeStats(events, now); // warm-up
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    const start = performance.now();
    computeStats(events, now);
    recentActivity(events, 4);
    times.push(performance.now() - start);
  }
  const median = medianOf(times);
  const worst = Math.max(...times);
  const ok = median <= 16;
  console.log(`Statistics on ${ACTIVITY_LOG_LIMIT.toLocaleString('en')} events:`);
  console.log(
    `  median ${median.toFixed(2)} ms, worst ${worst.toFixed(2)} ms (budget: median ≤ 16 ms) ${ok ? 'ok' : 'OVER BUDGET'}`,
  );

  // Reading the stored log as the app does: parse, upgrade, check each event against its schema.
  const stored = JSON.stringify(events);
  const reads: number[] = [];
  for (let i = 0; i < 20; i++) {
    const start = performance.now();
    (JSON.parse(stored) as unknown[]).map(upgradeActivityEvent).filter(isActivityEvent);
    reads.push(performance.now() - start);
  }
  const readMedian = medianOf(reads);
  const readOk = readMedian <= 25;
  console.log(
    `  reading the stored log: median ${readMedian.toFixed(2)} ms (budget: ≤ 25 ms) ${readOk ? 'ok' : 'OVER BUDGET'}`,
  );

  // The first read of a log an older version kept (events without ids): each one gets its id
  // derived from what it is. It happens once; the upgraded log is written back.
  const older = JSON.stringify(events.map(({ id: _id, ...rest }) => rest));
  const upgrades: number[] = [];
  for (let i = 0; i < 10; i++) {
    const start = performance.now();
    const upgraded = (JSON.parse(older) as unknown[]).map(upgradeActivityEvent);
    if (upgraded.filter(isActivityEvent).length !== events.length) throw new Error('lost events');
    upgrades.push(performance.now() - start);
  }
  const upgradeMedian = medianOf(upgrades);
  const upgradeOk = upgradeMedian <= 100;
  console.log(
    `  first read of an older log (ids derived): median ${upgradeMedian.toFixed(2)} ms (budget: ≤ 100 ms, once) ${upgradeOk ? 'ok' : 'OVER BUDGET'}`,
  );
  return ok && readOk && upgradeOk;
}

function medianOf(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
