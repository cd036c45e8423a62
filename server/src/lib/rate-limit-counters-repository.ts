import { lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { runPrepared } from '../db/prepared.ts';
import { rateLimitCounters } from '../db/schema/index.ts';

/*
 * The one owner of `rate_limit_counters`: fixed-window counters, one row per key and window,
 * counted in prepared statements (ADR 007) and swept once they can no longer count.
 */

const CLEANUP_EVERY_MS = 10 * 60_000;
/** Longer than the longest window, so a counter is never removed while it still counts. */
const KEEP_MS = 2 * 3600_000;
let lastCleanup = 0;

/** The fixed window `now` falls in: when it began, and how long it has left. */
function windowOf(windowMs: number, now: number): { windowStart: Date; ttlMs: number } {
  const start = Math.floor(now / windowMs) * windowMs;
  return { windowStart: new Date(start), ttlMs: start + windowMs - now };
}

/**
 * Counts one hit for `key` in the current fixed window and returns the new count and the time
 * left in the window. The counter is a row in the database, incremented in one statement, so
 * every server instance sees the same count (nothing shared lives in memory:
 * docs/architecture.md#several-instances). The statement is prepared: it runs before every
 * limited request.
 */
export async function countHit(
  db: Db,
  key: string,
  windowMs: number,
  now = Date.now(),
): Promise<{ count: number; ttlMs: number }> {
  const { count, ttlMs } = await countHitAnd(db, COUNT_HIT, key, windowMs, [], now);
  return { count, ttlMs };
}

/** A statement that counts a hit and selects more in the same round trip (`countHitAnd`). */
export interface HitStatement {
  readonly name: string;
  readonly text: string;
}

/**
 * The statement named `name` that counts a hit ($1 the key, $2 the window's start) and selects
 * `columns` beside the new count; `columns` may use `$3`… for values of its own.
 */
export function hitStatement(name: string, columns = ''): HitStatement {
  return {
    name,
    text: `with hit as (
        insert into rate_limit_counters (key, window_start, count) values ($1, $2, 1)
        on conflict (key, window_start) do update set count = rate_limit_counters.count + 1
        returning count
      )
      select hit.count${columns ? `, ${columns}` : ''} from hit`,
  };
}

const COUNT_HIT = hitStatement('partak_count_hit');

/**
 * `countHit` with a further select list (`hitStatement`), for a request that counts a hit and then
 * looks something up: one round trip instead of two. `values` are the columns' `$3`….
 */
export async function countHitAnd<T extends object>(
  db: Db,
  statement: HitStatement,
  key: string,
  windowMs: number,
  values: (string | null)[],
  now = Date.now(),
): Promise<{ count: number; ttlMs: number; row: T }> {
  const { windowStart, ttlMs } = windowOf(windowMs, now);
  const [row] = await runPrepared<T & { count: number }>(db, statement, [
    key,
    windowStart.toISOString(),
    ...values,
  ]);
  if (!row) throw new Error('counting a hit returned no row');
  if (now - lastCleanup > CLEANUP_EVERY_MS) {
    lastCleanup = now;
    await db
      .delete(rateLimitCounters)
      .where(lt(rateLimitCounters.windowStart, new Date(now - KEEP_MS)));
  }
  return { count: row.count, ttlMs, row };
}

/**
 * Takes back a hit `countHit` counted (never below zero), in the window it was counted in: one
 * that has ended since is left alone.
 */
export async function takeBackHit(db: Db, hit: CountedHit): Promise<void> {
  await runPrepared(db, TAKE_BACK_HIT, [hit.key, hit.windowStart]);
}

/** A hit `countHit` counted at `countedAt`: its key and the start of its window (ISO 8601). */
export interface CountedHit {
  key: string;
  windowStart: string;
}

export function countedHit(key: string, windowMs: number, countedAt: number): CountedHit {
  return { key, windowStart: windowOf(windowMs, countedAt).windowStart.toISOString() };
}

/**
 * SQL taking back the hit whose key and window start are the SQL expressions `key` and
 * `windowStart`, for a statement that does it along with its own work (a sign-in's start).
 */
export const takeBackSql = (key: string, windowStart: string) =>
  `update rate_limit_counters set count = greatest(count - 1, 0)
    where key = ${key} and window_start = ${windowStart}`;

const TAKE_BACK_HIT = { name: 'partak_take_back_hit', text: takeBackSql('$1', '$2') };
