import { onStorageChange, type WriteResult } from '../storage.ts';

/**
 * The one interface behind every kind of user data (goals, saved conversations, activity,
 * settings): read it, change it, hear when it changed elsewhere. Today each is kept in this
 * browser; a store kept on the server answers the same three calls, so screens never need to know
 * which one they talk to.
 */
export interface DataStore<T> {
  read(): Promise<T>;
  /**
   * Applies `change` to the current value and keeps the result. The change is a function of the
   * current value, not a value: two changes in a row (or from two tabs) both count.
   */
  write(change: (current: T) => T): Promise<WriteResult>;
  /**
   * Calls `listener` whenever the value changed: written through this store anywhere in the app,
   * or in another tab. Returns an unsubscribe.
   */
  subscribe(listener: () => void): () => void;
}

/**
 * A store kept in this browser's local storage under `keys` (one, or one per field), read and
 * written by the given functions.
 */
export function browserStore<T>(
  keys: string | readonly string[],
  read: () => T,
  write: (value: T) => WriteResult,
): DataStore<T> {
  const listeners = new Set<() => void>();
  return {
    read: async () => read(),
    async write(change) {
      const result = write(change(read()));
      for (const listener of listeners) listener();
      return result;
    },
    subscribe(listener) {
      listeners.add(listener);
      const otherTabs = (typeof keys === 'string' ? [keys] : keys).map((key) =>
        onStorageChange(key, listener),
      );
      return () => {
        listeners.delete(listener);
        for (const stop of otherTabs) stop();
      };
    },
  };
}
