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
  /** Calls `listener` when the value changed somewhere else (another tab); returns an unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** A store kept in this browser's local storage under `key`, read and written by the given functions. */
export function browserStore<T>(
  key: string,
  read: () => T,
  write: (value: T) => WriteResult,
): DataStore<T> {
  return {
    read: async () => read(),
    write: async (change) => write(change(read())),
    subscribe: (listener) => onStorageChange(key, listener),
  };
}
