import { del, get, update } from 'idb-keyval';
import { newId } from '@partak/domain/ids';
import { ApiError } from '../../api-client.ts';
import { subjectOf, type Operation, type Snapshot } from './operations.ts';
import { EMPTY_SNAPSHOT, fetchSnapshot, sendOperation } from './send-operation.ts';

/** A queued change, with an id so that exactly it leaves the queue once the server has it. */
interface Queued {
  id: string;
  operation: Operation;
}

/** What is kept for a signed-in user in this browser (IndexedDB), so everything reads offline. */
interface Stored {
  snapshot: Snapshot;
  /** Changes not yet accepted by the server, oldest first; every tab of the user adds to it. */
  queue: Queued[];
}

/** The snapshot and the operations waiting, as the screens apply them. */
export interface SyncState {
  snapshot: Snapshot;
  outbox: Operation[];
}

const EMPTY: Stored = { snapshot: EMPTY_SNAPSHOT, queue: [] };

const stateOf = ({ snapshot, queue }: Stored): SyncState => ({
  snapshot,
  outbox: queue.map((queued) => queued.operation),
});

/** A change the server refused or could not take yet, for the app to tell the user. */
export interface SyncProblem {
  error: ApiError;
  /** Whether trying again may help (the server was busy or unreachable, the session expired). */
  retryable: boolean;
}

const keyOf = (userId: string) => `partak-sync:${userId}`;

/** After a failure that may pass (a busy server), the queue tries again this much later. */
const RETRY_MS = [2_000, 10_000, 30_000];

/**
 * One signed-in user's data in this browser: the server's last snapshot and the queue of changes
 * made since, persisted together in IndexedDB and shared by every tab of the user (each change to
 * them is one IndexedDB transaction; the other tabs hear of it on a BroadcastChannel). Changes are
 * sent one at a time, in the order they were made, by one tab at a time (a Web Lock); while the
 * browser is offline (or the server unreachable) they wait, and the screens show the snapshot with
 * the queue applied. A refusal (a stale version, something deleted on another device, bad input)
 * drops that change and is reported; a failure that may pass keeps it and tries again.
 *
 * `signedOut` is aborted the moment the user signs out of this browser: requests under way end
 * then (before the session is revoked, so none meets a 401), and nothing that arrives later is
 * kept or reported. The account's data must not come back into a signed-out browser.
 */
export class SyncEngine {
  private stored: Stored = EMPTY;
  private readonly loaded: Promise<void>;
  private readonly key: string;
  private readonly channel: BroadcastChannel | undefined;
  private readonly listeners = new Set<() => void>();
  private readonly problemListeners = new Set<(problem: SyncProblem) => void>();
  private flushing = false;
  private refreshing: Promise<SyncState> | undefined;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly onOnline = () => void this.flush();

  readonly userId: string;
  /** Aborted when the user signs out of this browser; ends every request made for the user. */
  readonly signedOut: AbortSignal;

  constructor(userId: string, signedOut: AbortSignal) {
    this.userId = userId;
    this.signedOut = signedOut;
    this.key = keyOf(userId);
    this.loaded = this.reload();
    this.channel =
      typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(this.key);
    if (this.channel) this.channel.onmessage = () => void this.reload().then(() => this.notify());
    window.addEventListener('online', this.onOnline);
  }

  private async reload(): Promise<void> {
    try {
      this.stored = (await get<Stored>(this.key)) ?? this.stored;
    } catch {
      // No IndexedDB here (some private modes): this tab keeps the data in memory.
    }
    if (!Array.isArray(this.stored.queue)) this.stored = EMPTY;
  }

  /** The snapshot and the queue as they are now (before the stored copy has loaded: empty). */
  get current(): SyncState {
    return stateOf(this.stored);
  }

  /** The snapshot (as last fetched or kept) and the queue. */
  async state(): Promise<SyncState> {
    await this.loaded;
    return stateOf(this.stored);
  }

  /**
   * Fetches a fresh snapshot when the queue is empty (offline: the kept one stays). Screens that
   * read at once share one fetch.
   */
  refresh(): Promise<SyncState> {
    this.refreshing ??= this.fetchSnapshot().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async fetchSnapshot(): Promise<SyncState> {
    await this.loaded;
    await this.flush();
    if (this.stored.queue.length === 0 && navigator.onLine && !this.signedOut.aborted) {
      try {
        const snapshot = await fetchSnapshot(this.signedOut);
        // A change queued meanwhile (here or in another tab) stays queued on top of it.
        await this.change((stored) => ({ ...stored, snapshot }));
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 0) this.report(error, true);
      }
    }
    return stateOf(this.stored);
  }

  /** Queues changes and starts sending them. */
  async enqueue(operations: readonly Operation[]): Promise<void> {
    if (operations.length === 0) return;
    await this.loaded;
    const added = operations.map((operation) => ({ id: newId(), operation }));
    await this.change((stored) => ({ ...stored, queue: [...stored.queue, ...added] }));
    void this.flush();
  }

  /** Ids of the goals and conversations with changes still waiting. */
  pendingIds(): Set<string> {
    return new Set(
      this.stored.queue
        .map((queued) => subjectOf(queued.operation))
        .filter((id): id is string => id !== undefined),
    );
  }

  /**
   * Sends the queue, oldest first, until it is empty or something stops it. One tab of the
   * browser sends at a time (the others' changes are in the same queue), so nothing goes twice.
   */
  async flush(): Promise<void> {
    await this.loaded;
    if (this.flushing || !navigator.onLine || this.signedOut.aborted) return;
    this.flushing = true;
    clearTimeout(this.retryTimer);
    try {
      // Waits while another tab sends; by then the queue holds this tab's changes too.
      if (typeof navigator.locks === 'undefined') await this.sendQueue();
      else await navigator.locks.request(this.key, () => this.sendQueue());
    } finally {
      this.flushing = false;
    }
  }

  private async sendQueue(): Promise<void> {
    for (;;) {
      await this.reload();
      const [head] = this.stored.queue;
      if (!head || this.signedOut.aborted) return;
      let snapshot = this.stored.snapshot;
      try {
        snapshot = await sendOperation(head.operation, snapshot, this.signedOut);
      } catch (error) {
        // Ended by signing out: the change stays queued for the user's next sign-in here.
        if (this.signedOut.aborted || !this.settleRefusal(error)) return;
      }
      this.attempt = 0;
      await this.change((stored) => ({
        snapshot,
        queue: stored.queue.filter((queued) => queued.id !== head.id),
      }));
    }
  }

  /**
   * Decides what a failed send means: true when the change is dropped (the server refused it for
   * good; the user hears why), false when the queue stops and tries again later.
   */
  private settleRefusal(error: unknown): boolean {
    const status = error instanceof ApiError ? error.status : 500;
    if (status === 0) return false; // unreachable: wait for the connection
    // 402: past the free plan's cap (the user hears why; what they have open stays open).
    const forGood = [400, 402, 404, 409, 410, 413].includes(status);
    this.report(error, !forGood);
    if (forGood) {
      // The server's copy is the truth now: fetch it once the queue is through.
      queueMicrotask(() => void this.refresh());
      return true;
    }
    if (status !== 401 && status !== 403) this.scheduleRetry();
    return false;
  }

  private scheduleRetry(): void {
    const delay = RETRY_MS[Math.min(this.attempt, RETRY_MS.length - 1)] ?? 30_000;
    this.attempt += 1;
    this.retryTimer = setTimeout(() => void this.flush(), delay);
  }

  private report(error: unknown, retryable: boolean): void {
    if (this.signedOut.aborted) return;
    const apiError =
      error instanceof ApiError ? error : new ApiError(500, 'unexpected_failure', String(error));
    for (const listener of this.problemListeners) listener({ error: apiError, retryable });
  }

  /**
   * Changes the stored state in one IndexedDB transaction (read, change, write), so two tabs
   * changing it at once both count; then tells this tab's screens and the other tabs.
   */
  private async change(next: (stored: Stored) => Stored): Promise<void> {
    // Signed out: a change made in the last moment is kept to send at the next sign-in, but the
    // account's data (the snapshot) is never written back into this browser.
    const keep = (stored: Stored): Stored =>
      this.signedOut.aborted ? { ...EMPTY, queue: stored.queue } : stored;
    const base = () => (this.signedOut.aborted ? EMPTY : this.stored);
    let result: Stored | undefined;
    try {
      await update<Stored>(this.key, (old) => (result = keep(next(old ?? base()))));
    } catch {
      // No IndexedDB here (some private modes): this tab keeps the data in memory.
      result = keep(next(this.stored));
    }
    this.stored = result ?? this.stored;
    this.notify();
    this.channel?.postMessage('changed');
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onProblem(listener: (problem: SyncProblem) => void): () => void {
    this.problemListeners.add(listener);
    return () => this.problemListeners.delete(listener);
  }

  /**
   * Signing out: this browser forgets the user's data (the server keeps it), except changes that
   * never reached the server, which wait here for the user's next sign-in.
   */
  async stop(): Promise<void> {
    await this.loaded;
    window.removeEventListener('online', this.onOnline);
    clearTimeout(this.retryTimer);
    this.listeners.clear();
    this.problemListeners.clear();
    this.channel?.close();
    await this.reload();
    try {
      if (this.stored.queue.length > 0) {
        await update<Stored>(this.key, (old) => ({ ...EMPTY, queue: old?.queue ?? [] }));
      } else {
        await del(this.key);
      }
    } catch {
      // Nothing was kept without IndexedDB.
    }
  }
}
