import { resourceNames, syncResources, type ResourceName } from './resources/index.ts';
import { partOf, type Operation, type Snapshot } from './operations.ts';

/**
 * Before the server has said anything: every resource's empty part. Every part is written, so a
 * tab still running an older version of the app, which shares the stored snapshot, can read it.
 */
export const EMPTY_SNAPSHOT = Object.fromEntries(
  resourceNames.map((name) => [name, syncResources[name].empty()]),
) as Snapshot;

/**
 * Everything of the user's, fresh from the server (every resource's part at once).
 * `signal` ends every request of it (signing out).
 */
export async function fetchSnapshot(signal: AbortSignal): Promise<Snapshot> {
  const parts = await Promise.all(
    resourceNames.map(async (name) => [name, await syncResources[name].fetch(signal)] as const),
  );
  return Object.fromEntries(parts) as Snapshot;
}

/**
 * Sends one operation (through the resource it belongs to) and returns the snapshot as it is
 * after it. Versioned changes name the version of the snapshot, which earlier operations of the
 * queue have already brought up to date. Throws the ApiError of a refusal (the queue decides what
 * that means); `signal` ends the request.
 */
export async function sendOperation(
  operation: Operation,
  snapshot: Snapshot,
  signal: AbortSignal,
): Promise<Snapshot> {
  for (const name of resourceNames) {
    const sent = await sendThrough(name, operation, snapshot, signal);
    if (sent) return sent;
  }
  throw new Error(`No synced resource owns ${operation.kind}.`);
}

/** Sends `operation` through the resource `name` if it is one of its; undefined if it is not. */
async function sendThrough<N extends ResourceName>(
  name: N,
  operation: Operation,
  snapshot: Snapshot,
  signal: AbortSignal,
): Promise<Snapshot | undefined> {
  const resource = syncResources[name];
  if (!resource.owns(operation)) return undefined;
  const part = partOf(name, snapshot);
  const next = await resource.send(operation, part, signal);
  return next === part ? snapshot : { ...snapshot, [name]: next };
}
