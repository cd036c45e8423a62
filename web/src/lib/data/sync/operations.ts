import {
  resourceNames,
  syncResources,
  type Operation,
  type OperationOf,
  type PartOf,
  type ResourceName,
  type Snapshot,
  type ValueOf,
} from './resources/index.ts';

export type { Operation, Snapshot } from './resources/index.ts';

/*
 * The queue's operations, handed to the resource each belongs to (resources/index.ts): what an
 * operation is about, what a screen sees with the queue applied, what a screen's write becomes.
 */

/** The operations of `outbox` that belong to the resource `name`, in order. */
function ownedBy<N extends ResourceName>(name: N, outbox: readonly Operation[]): OperationOf<N>[] {
  const resource = syncResources[name];
  const owned: OperationOf<N>[] = [];
  for (const operation of outbox) if (resource.owns(operation)) owned.push(operation);
  return owned;
}

/** A resource's part of `snapshot` (its empty part when the snapshot has none). */
export function partOf<N extends ResourceName>(name: N, snapshot: Snapshot): PartOf<N> {
  return snapshot[name] ?? syncResources[name].empty();
}

/** What the screens see of a resource: the snapshot's part with the queued operations on top. */
export function viewOf<N extends ResourceName>(
  name: N,
  state: { snapshot: Snapshot; outbox: readonly Operation[] },
): ValueOf<N> {
  return syncResources[name].apply(partOf(name, state.snapshot), ownedBy(name, state.outbox));
}

/** The operations a screen's write to a resource becomes (a diff of before and after). */
export function changesOf<N extends ResourceName>(
  name: N,
  before: ValueOf<N>,
  after: ValueOf<N>,
): Operation[] {
  return syncResources[name].diff(before, after);
}

/** The goal or conversation an operation is about, for the "not yet synced" mark. */
export function subjectOf(operation: Operation): string | undefined {
  for (const name of resourceNames) {
    const [owned] = ownedBy(name, [operation]);
    if (owned) return subjectIn(name, owned);
  }
  return undefined;
}

const subjectIn = <N extends ResourceName>(name: N, operation: OperationOf<N>) =>
  syncResources[name].subject(operation);
