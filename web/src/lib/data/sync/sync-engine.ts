import { del, get, set } from 'idb-keyval';
import { ApiError } from '../../api-client.ts';
import { subjectOf, type Operation } from './operations.ts';
import { EMPTY_SNAPSHOT, fetchSnapshot, sendOperation, type Snapshot } from './send-operation.ts';

/** What is kept for a signed-in user in this browser (IndexedDB), so everything reads offline. */
interface Stored {
  snapshot: Snapshot;
  /** Changes not yet accepted by the server, oldest first. */
  outbox: Operation[];
}

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
 * made since, persisted together in IndexedDB. Changes are sent one at a time, in the order they
 * were made; while the browser is offline (or the server unreachable) they wait, and the screens
 * show the snapshot with the queue applied. A refusal (a stale version, something deleted on
 * another device, bad input) drops that change and is reported; a failure that may pass keeps it
 * and tries again.
 */
export class SyncEngine {
  private stored: Stored = { snapshot: EMPTY_SNAPSHOT, outbox: [] };
  private readonly loaded: Promise<void>;
  private readonly listeners = new Set<() => void>();
  private readonly problemListeners = new Set<(problem: SyncProblem) => void>();
  private flushing = false;
  private refreshing: Promise<Stored> | undefined;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly onOnline = () => void this.flush();

  readonly userId: string;

  constructor(userId: string) {
    this.userId = userId;
    this.loaded = get<Stored>(keyOf(userId))
      .then((stored) => {
        if (stored) this.stored = stored;
      })
      .catch(() => undefined);
    window.addEventListener('online', this.onOnline);
  }

  /** The snapshot and the queue as they are now (before the stored copy has loaded: empty). */
  get current(): Stored {
    return this.stored;
  }

  /** The snapshot (as last fetched or kept) and the queue. */
  async state(): Promise<Stored> {
    await this.loaded;
    return this.stored;
  }

  /**
   * Fetches a fresh snapshot when the queue is empty (offline: the kept one stays). Screens that
   * read at once share one fetch.
   */
  refresh(): Promise<Stored> {
    this.refreshing ??= this.fetchSnapshot().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async fetchSnapshot(): Promise<Stored> {
    await this.loaded;
    await this.flush();
    if (this.stored.outbox.length === 0 && navigator.onLine) {
      try {
        const snapshot = await fetchSnapshot();
        // A change queued while the snapshot was on its way is applied on top of it by the screens.
        await this.save({ ...this.stored, snapshot });
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 0) this.report(error, true);
      }
    }
    return this.stored;
  }

  /** Queues changes and starts sending them. */
  async enqueue(operations: readonly Operation[]): Promise<void> {
    if (operations.length === 0) return;
    await this.loaded;
    await this.save({ ...this.stored, outbox: [...this.stored.outbox, ...operations] });
    void this.flush();
  }

  /** Ids of the goals and conversations with changes still waiting. */
  pendingIds(): Set<string> {
    return new Set(
      this.stored.outbox.map(subjectOf).filter((id): id is string => id !== undefined),
    );
  }

  /** Sends the queue, oldest first, until it is empty or something stops it. */
  async flush(): Promise<void> {
    await this.loaded;
    if (this.flushing || !navigator.onLine) return;
    this.flushing = true;
    clearTimeout(this.retryTimer);
    try {
      for (;;) {
        const [operation, ...rest] = this.stored.outbox;
        if (!operation) break;
        let snapshot = this.stored.snapshot;
        try {
          snapshot = await sendOperation(operation, snapshot);
        } catch (error) {
          if (!this.settleRefusal(error)) break;
        }
        this.attempt = 0;
        await this.save({ snapshot, outbox: rest });
      }
    } finally {
      this.flushing = false;
    }
  }

  /**
   * Decides what a failed send means: true when the change is dropped (the server refused it for
   * good; the user hears why), false when the queue stops and tries again later.
   */
  private settleRefusal(error: unknown): boolean {
    const status = error instanceof ApiError ? error.status : 500;
    if (status === 0) return false; // unreachable: wait for the connection
    const forGood = status === 400 || status === 404 || status === 409 || status === 410 || status === 413;
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
    const apiError =
      error instanceof ApiError ? error : new ApiError(500, 'unexpected_failure', String(error));
    for (const listener of this.problemListeners) listener({ error: apiError, retryable });
  }

  private async save(next: Stored): Promise<void> {
    this.stored = next;
    for (const listener of this.listeners) listener();
    await set(keyOf(this.userId), next).catch(() => undefined);
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
    if (this.stored.outbox.length > 0) {
      await set(keyOf(this.userId), { snapshot: EMPTY_SNAPSHOT, outbox: this.stored.outbox });
    } else {
      await del(keyOf(this.userId)).catch(() => undefined);
    }
  }
}
