/*
 * What the sync needs to know of one kind of the user's data (goals, saved conversations,
 * settings, …): everything resource-specific lives in one descriptor (resources/<name>.ts), and
 * the sync engine only iterates the registry (resources/index.ts). ADR 022.
 */

/** What a resource's merge may ask of the account, on the first sign-in on a device. */
export interface MergeContext<Part, Op> {
  /** Aborted when the user signs out part-way: the browser's copy then stays for next time. */
  signal: AbortSignal;
  /** The account's copy of this resource, fresh from the server (fetched once per merge). */
  account(): Promise<Part>;
  /** Queues operations, sent in order with the user's own changes. */
  enqueue(operations: readonly Op[]): Promise<void>;
}

/** What a merge did: how many new items the account gained, and how to forget the browser's copy. */
export interface Merged {
  added: number;
  /** Called once every resource has merged (and the device's reminder gone to the account). */
  forget(): void;
}

/**
 * One synced resource. `Part` is its part of the server's snapshot (as the browser keeps it),
 * `Value` what the screens read and write (a DataStore's value), `Op` the operations its changes
 * become (each kind named `<resource>.<verb>`).
 */
export interface ResourceDefinition<Part, Value, Op extends { kind: string }> {
  /** Every kind of operation it makes: the queue hands each operation to the resource owning it. */
  kinds: Readonly<Record<Op['kind'], true>>;
  /** Its part of a snapshot the server has not answered yet (or one kept by an older version). */
  empty(): Part;
  /** Pull: its part of the snapshot, fresh from the server. `signal` ends every request. */
  fetch(signal: AbortSignal): Promise<Part>;
  /** Apply: what the screens see — the server's part with the queued operations on top. */
  apply(part: Part, outbox: readonly Op[]): Value;
  /** Diff: the operations that turn what a screen read (`before`) into what it wrote. */
  diff(before: Value, after: Value): Op[];
  /**
   * Send: one operation to the server; resolves with its part as it is after. Versioned changes
   * name the part's version. Throws the ApiError of a refusal (the queue decides what it means).
   */
  send(operation: Op, part: Part, signal: AbortSignal): Promise<Part>;
  /** The item an operation is about, for the "not yet synced" mark (none for most). */
  subject(operation: Op): string | undefined;
  /** Whether this browser holds data of its own (made signed out) that the account has not yet. */
  holdsLocal(): boolean;
  /**
   * Merge (the conflict rule of a first sign-in): brings what this browser holds into the account
   * without duplicating what it has already. Never forgets the browser's copy itself.
   */
  merge(context: MergeContext<Part, Op>): Promise<Merged>;
}

export interface SyncResource<Part, Value, Op extends { kind: string }>
  extends ResourceDefinition<Part, Value, Op> {
  /** Whether `operation` is one of this resource's. */
  owns(operation: { kind: string }): operation is Op;
}

/** A resource's descriptor, from its definition (every function is required). */
export function defineResource<Part, Value, Op extends { kind: string }>(
  definition: ResourceDefinition<Part, Value, Op>,
): SyncResource<Part, Value, Op> {
  const kinds = new Set<string>(Object.keys(definition.kinds));
  return { ...definition, owns: (operation): operation is Op => kinds.has(operation.kind) };
}

/** Nothing of the browser's to bring into the account. */
export const NOTHING_MERGED: Merged = { added: 0, forget: () => undefined };
