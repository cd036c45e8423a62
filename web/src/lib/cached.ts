const promises = new Map<string, Promise<unknown>>();

/**
 * One shared promise per key, for React's `use()`: every component asking for the same data gets
 * the same promise, so it is fetched once. A failed load is forgotten, so a retry can succeed.
 */
export function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  let promise = promises.get(key) as Promise<T> | undefined;
  if (!promise) {
    promise = load();
    promises.set(key, promise);
    promise.catch(() => promises.delete(key));
  }
  return promise;
}
