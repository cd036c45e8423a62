/**
 * The statistics screen on a full activity log (10,000 events, the log's limit): how long
 * computing the figures and the recent list takes. Budget: well inside one frame (16 ms).
 */
import { performance } from 'node:perf_hooks';
import {
  ACTIVITY_LOG_LIMIT,
  ACTIVITY_TYPES,
  computeStats,
  recentActivity,
  type ActivityEvent,
} from '../domain/src/activity.ts';

export function benchAnalytics(): boolean {
  const now = new Date();
  const events: ActivityEvent[] = Array.from({ length: ACTIVITY_LOG_LIMIT }, (_, i) => ({
    type: ACTIVITY_TYPES[i % ACTIVITY_TYPES.length] ?? 'message_sent',
    at: new Date(now.getTime() - (ACTIVITY_LOG_LIMIT - i) * 11 * 60_000).toISOString(),
    ref: `ref-${i % 97}`,
  }));
  for (let i = 0; i < 20; i++) computeStats(events, now); // warm-up
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    const start = performance.now();
    computeStats(events, now);
    recentActivity(events, 4);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  const worst = times[times.length - 1] ?? 0;
  const ok = median <= 16;
  console.log(`Statistics on ${ACTIVITY_LOG_LIMIT.toLocaleString('en')} events:`);
  console.log(
    `  median ${median.toFixed(2)} ms, worst ${worst.toFixed(2)} ms (budget: median ≤ 16 ms) ${ok ? 'ok' : 'OVER BUDGET'}`,
  );
  return ok;
}
