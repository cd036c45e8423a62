/**
 * Browser storage that never takes the app down, and the one way into it: nothing else touches
 * `localStorage` or `sessionStorage`. Reads validate what they find: valid entries are kept,
 * anything unreadable is set aside under a backup key (never deleted) and reported once, and the
 * cleaned value is written back. Writes report a full or blocked storage instead of throwing.
 */

export type WriteResult = 'ok' | 'full' | 'unavailable';

/** `local` survives the browser closing; `session` lives as long as the tab. */
export type StorageArea = 'local' | 'session';

function storage(area: StorageArea = 'local'): Storage | undefined {
  try {
    return area === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

function isQuotaError(error: unknown): boolean {
  return (
    error instanceof DOMException &&
    (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED')
  );
}

export function writeJson(key: string, value: unknown, area?: StorageArea): WriteResult {
  return writeString(key, JSON.stringify(value), area);
}

export function readString(key: string, area?: StorageArea): string | null {
  try {
    return storage(area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** The parsed JSON under `key`, or undefined when there is none or it is not JSON. */
export function readJson(key: string, area?: StorageArea): unknown {
  const raw = readString(key, area);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

export function writeString(key: string, value: string, area?: StorageArea): WriteResult {
  const store = storage(area);
  if (!store) return 'unavailable';
  try {
    store.setItem(key, value);
    return 'ok';
  } catch (error) {
    return isQuotaError(error) ? 'full' : 'unavailable';
  }
}

export function removeKey(key: string, area?: StorageArea): void {
  try {
    storage(area)?.removeItem(key);
  } catch {
    // Nothing to remove from a blocked storage.
  }
}

/**
 * Calls `listener` when another tab changes `key` in local storage (the browser tells only the
 * other tabs; this tab knows its own writes).
 */
export function onStorageChange(key: string, listener: () => void): () => void {
  const handler = (event: StorageEvent) => {
    if (event.key === key || event.key === null) listener();
  };
  window.addEventListener('storage', handler);
  return () => window.removeEventListener('storage', handler);
}

const noticeKey = (key: string) => `${key}.recovered`;

/** Keeps an unreadable raw value under `<key>.backup-<time>` so nothing is ever lost. */
function setAside(key: string, raw: string): void {
  writeString(`${key}.backup-${new Date().toISOString()}`, raw);
  writeString(noticeKey(key), 'unseen');
}

/**
 * Whether unreadable data under `key` was set aside and the user has not been told yet, and a
 * way to say they have. It is kept in storage rather than returned by a read once, because React
 * may render a screen more than once before the user ever sees it.
 */
export function recoveryNotice(key: string): { pending(): boolean; acknowledge(): void } {
  return {
    pending: () => readString(noticeKey(key)) !== null,
    acknowledge: () => removeKey(noticeKey(key)),
  };
}

/**
 * Reads a stored list, keeping the entries `isItem` accepts. `upgrade` may turn an entry of an
 * older shape into the current one before it is checked; it returns the entry itself when there is
 * nothing to upgrade, and anything upgraded is written back once.
 */
export function readList<T>(
  key: string,
  isItem: (value: unknown) => value is T,
  upgrade: (value: unknown) => unknown = (value) => value,
): T[] {
  const raw = readString(key);
  if (raw === null) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed)) {
    // An empty list, not a missing key: "never saved" and "nothing readable" must stay distinct
    // (a first visit to the goals gets the seed goals; a damaged list must not).
    setAside(key, raw);
    writeJson(key, []);
    return [];
  }
  const upgraded = parsed.map(upgrade);
  const items = upgraded.filter(isItem);
  if (items.length !== parsed.length) {
    setAside(key, raw);
    writeJson(key, items);
  } else if (upgraded.some((item, i) => item !== parsed[i])) {
    // Entries of an older shape: store them upgraded, so the next read need not upgrade again.
    writeJson(key, items);
  }
  return items;
}
