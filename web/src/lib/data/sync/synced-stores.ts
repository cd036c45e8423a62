import type { DataStore } from '../data-store.ts';
import { changesOf, viewOf } from './operations.ts';
import { resourceNames, type ResourceName, type ValueOf } from './resources/index.ts';
import type { SyncEngine } from './sync-engine.ts';

/** The signed-in user's stores, one per synced resource, named as the registry names them. */
export type SyncedStores = { [N in ResourceName]: DataStore<ValueOf<N>> };

/**
 * The signed-in user's data of one resource as a screen's DataStore (data-store.ts): a read is
 * the server's last snapshot with the queued changes applied on top; a write is turned into
 * operations (a diff of before and after) and queued. The screens cannot tell this from browser
 * storage.
 */
function syncedStore<N extends ResourceName>(engine: SyncEngine, name: N): DataStore<ValueOf<N>> {
  return {
    async read() {
      return viewOf(name, await engine.refresh());
    },
    async write(change) {
      const before = viewOf(name, await engine.state());
      await engine.enqueue(changesOf(name, before, change(before)));
      return 'ok';
    },
    subscribe: (listener) => engine.subscribe(listener),
  };
}

/** Every synced resource's store for the user of `engine`. */
export function syncedStores(engine: SyncEngine): SyncedStores {
  return Object.fromEntries(
    resourceNames.map((name) => [name, syncedStore(engine, name)]),
  ) as SyncedStores;
}
