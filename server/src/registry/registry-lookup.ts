import type { RegistryEntry } from '@partak/domain/business-profile';
import { ARES_TIMEOUT_MS, fetchAresSubject } from './ares-client.ts';

/** How long an answer is kept, and how many: a register entry rarely changes within a day. */
export const CACHE_HOURS = 24;
export const CACHE_ENTRIES = 500;

export interface RegistryLookupOptions {
  timeoutMs?: number;
  now?: () => number;
  /** How many answers are kept (tests shrink it). */
  maxEntries?: number;
}

/**
 * ARES lookups with a small in-memory cache, so a user retyping the same IČO (or many users
 * checking a well-known one) does not send ARES the same question again — ARES limits how many
 * questions one address may ask a day, and every user of this server shares our address. Only
 * answers are kept, never failures (the next try may find ARES back). Questions about the same
 * IČO asked at once share one request. The oldest entry goes first when the cache is full; it is
 * per process, which is fine for a cache.
 */
export function registryLookup(
  baseUrl: string,
  {
    timeoutMs = ARES_TIMEOUT_MS,
    now = Date.now,
    maxEntries = CACHE_ENTRIES,
  }: RegistryLookupOptions = {},
) {
  const cache = new Map<string, { entry: RegistryEntry; at: number }>();
  const pending = new Map<string, Promise<RegistryEntry>>();

  async function ask(ico: string): Promise<RegistryEntry> {
    try {
      const entry = await fetchAresSubject(baseUrl, ico, timeoutMs);
      cache.delete(ico);
      cache.set(ico, { entry, at: now() });
      if (cache.size > maxEntries) cache.delete(cache.keys().next().value ?? '');
      return entry;
    } finally {
      pending.delete(ico);
    }
  }

  return (ico: string): Promise<RegistryEntry> => {
    const kept = cache.get(ico);
    if (kept && now() - kept.at < CACHE_HOURS * 3_600_000) return Promise.resolve(kept.entry);
    const asking = pending.get(ico) ?? ask(ico);
    pending.set(ico, asking);
    return asking;
  };
}
