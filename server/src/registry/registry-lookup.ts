import type { RegistryEntry } from '@partak/domain/business-profile';
import { ARES_TIMEOUT_MS, fetchAresSubject } from './ares-client.ts';

/** How long an answer is kept, and how many: a register entry rarely changes within a day. */
export const CACHE_HOURS = 24;
export const CACHE_ENTRIES = 500;

/**
 * ARES lookups with a small in-memory cache, so a user retyping the same IČO (or many users
 * checking a well-known one) does not send ARES the same question again; only answers are kept,
 * never failures. The oldest entry goes first when it is full.
 */
export function registryLookup(
  baseUrl: string,
  { timeoutMs = ARES_TIMEOUT_MS, now = Date.now }: { timeoutMs?: number; now?: () => number } = {},
) {
  const cache = new Map<string, { entry: RegistryEntry; at: number }>();
  return async (ico: string): Promise<RegistryEntry> => {
    const kept = cache.get(ico);
    if (kept && now() - kept.at < CACHE_HOURS * 3_600_000) return kept.entry;
    const entry = await fetchAresSubject(baseUrl, ico, timeoutMs);
    cache.delete(ico);
    cache.set(ico, { entry, at: now() });
    if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value ?? '');
    return entry;
  };
}
