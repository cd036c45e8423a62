/**
 * Browser storage that never takes the app down. Reads validate what they find: valid entries are
 * kept, anything unreadable is set aside under a backup key (never deleted) and reported once, and
 * the cleaned value is written back. Writes report a full or blocked storage instead of throwing.
 */

export type WriteResult = 'ok' | 'full' | 'unavailable';

export interface ListRead<T> {
  items: T[];
  /**
   * True when something unreadable was found and set aside, and the user has not been told yet
   * (see `acknowledgeRecovery`). It is kept in storage rather than returned once, because React
   * may render a component more than once before the user ever sees it.
   */
  recovered: boolean;
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
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

export function writeJson(key: string, value: unknown): WriteResult {
  const store = storage();
  if (!store) return 'unavailable';
  try {
    store.setItem(key, JSON.stringify(value));
    return 'ok';
  } catch (error) {
    return isQuotaError(error) ? 'full' : 'unavailable';
  }
}

export function readString(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeString(key: string, value: string): WriteResult {
  const store = storage();
  if (!store) return 'unavailable';
  try {
    store.setItem(key, value);
    return 'ok';
  } catch (error) {
    return isQuotaError(error) ? 'full' : 'unavailable';
  }
}

export function removeKey(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing to remove from a blocked storage.
  }
}

const noticeKey = (key: string) => `${key}.recovered`;

/** Keeps an unreadable raw value under `<key>.backup-<time>` so nothing is ever lost. */
function setAside(key: string, raw: string): void {
  writeString(`${key}.backup-${new Date().toISOString()}`, raw);
  writeString(noticeKey(key), 'unseen');
}

/** The user has been told that unreadable data was set aside: stop reporting it. */
export function acknowledgeRecovery(key: string): void {
  removeKey(noticeKey(key));
}

/**
 * Reads a stored list, keeping the entries `isItem` accepts. `upgrade` may turn an entry of an
 * older shape into the current one before it is checked.
 */
export function readList<T>(
  key: string,
  isItem: (value: unknown) => value is T,
  upgrade: (value: unknown) => unknown = (value) => value,
): ListRead<T> {
  const items = readItems(key, isItem, upgrade);
  return { items, recovered: readString(noticeKey(key)) !== null };
}

function readItems<T>(
  key: string,
  isItem: (value: unknown) => value is T,
  upgrade: (value: unknown) => unknown,
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
  const items = parsed.map(upgrade).filter(isItem);
  if (items.length !== parsed.length) {
    setAside(key, raw);
    writeJson(key, items);
  }
  return items;
}
