import { storageKeys } from '@partak/domain/product';
import { handDeviceReminderToAccount } from '../../offline/device-reminder.ts';
import { readString } from '../../storage.ts';
import { partOf, type Snapshot } from './operations.ts';
import type { Merged } from './resource.ts';
import { resourceNames, syncResources, type ResourceName } from './resources/index.ts';
import type { SyncEngine } from './sync-engine.ts';

/** Whether this browser holds data of its own (made signed out) that the account has not yet. */
export function holdsOwnData(): boolean {
  return (
    resourceNames.some((name) => syncResources[name].holdsLocal()) ||
    readString(storageKeys.deviceReminder) !== null
  );
}

/**
 * Brings what this browser holds (made while signed out) into the signed-in account: every
 * resource's own (goals, saved conversations, activity, weekly reviews, the language choice, in
 * the registry's order), then the device's reminder. Ids were made in the browser, so what the
 * account already has (this browser signing in again, another browser that merged the same
 * items) is answered as existing and never duplicated. Once the account has it all, the browser's
 * own copy is cleared: from now on it lives in the account. A failure part-way (offline) leaves
 * the browser's copy in place for the next try, as does signing out part-way (which ends the
 * requests). Returns how many new items the account gained, per resource.
 */
export async function mergeIntoAccount(engine: SyncEngine): Promise<Record<ResourceName, number>> {
  let account: Promise<Snapshot> | undefined;
  const snapshot = () => (account ??= engine.refresh().then((state) => state.snapshot));
  const added = {} as Record<ResourceName, number>;
  const merged: Merged[] = [];
  for (const name of resourceNames) {
    const result = await mergeResource(name, engine, snapshot);
    added[name] = result.added;
    merged.push(result);
  }
  await handDeviceReminderToAccount(engine.signedOut);
  for (const { forget } of merged) forget();
  await engine.refresh();
  return added;
}

function mergeResource<N extends ResourceName>(
  name: N,
  engine: SyncEngine,
  snapshot: () => Promise<Snapshot>,
): Promise<Merged> {
  return syncResources[name].merge({
    signal: engine.signedOut,
    account: async () => partOf(name, await snapshot()),
    enqueue: (operations) => engine.enqueue(operations),
  });
}
