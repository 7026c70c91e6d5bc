import type { Storage, WriteBatch } from './storage/Storage';

/** Who is told how an update's commit went (a SharedDoc). */
export interface CommitListener {
  /** Runs after the commit: the broadcast. Never before. */
  onCommitted(update: Uint8Array, origin: unknown): void;
  onCommitFailed(error: unknown): void;
}

interface PendingCommit {
  readonly doc: string;
  readonly update: Uint8Array;
  /** The transaction's origin (the writer's connection, which does not get its update back). */
  readonly origin: unknown;
  readonly listener: CommitListener;
}

/**
 * Persist before broadcast, over the asynchronous storage (storage/Storage.ts). Every update a
 * doc accepts is handed to the storage at once, which commits each event-loop turn's writes in
 * one transaction in call order; its listener broadcasts it only once that commit has resolved.
 * Anything that sends doc content by another path (a sync step 2 reply, an intent's answer, an
 * export) waits for `stored()` first, so no byte of a doc leaves the server before it is durable.
 */
export class CommitQueue {
  /** Writes handed to the storage whose commit has not settled yet. */
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly storage: Storage) {}

  add(commit: PendingCommit): void {
    this.track(this.storage.appendUpdate(commit.doc, commit.update)).then(
      () => commit.listener.onCommitted(commit.update, commit.origin),
      (error: unknown) => commit.listener.onCommitFailed(error),
    );
  }

  /**
   * Writes that must commit with the updates handed over in this turn (an intent's idempotency
   * key): both engines put one turn's writes in one transaction.
   */
  addWrite(build: (batch: WriteBatch) => void): Promise<void> {
    return this.track(this.storage.write(build));
  }

  /** Whether a frame's update commits (and is broadcast) inside `addFrame` (SQLite, DURABILITY=process). */
  get commitsAtOnce(): boolean {
    return this.storage.appendNow !== undefined;
  }

  /**
   * One websocket frame's update (a GM's write, checked): where the engine commits on the spot,
   * it is stored and broadcast now, after anything handed over before it; elsewhere it joins the
   * turn's group commit.
   */
  addFrame(commit: PendingCommit): void {
    const appendNow = this.storage.appendNow;
    if (!appendNow) return this.add(commit);
    try {
      appendNow(commit.doc, commit.update);
    } catch (error) {
      return commit.listener.onCommitFailed(error);
    }
    commit.listener.onCommitted(commit.update, commit.origin);
  }

  /** Writes not committed yet. */
  get size(): number {
    return this.inFlight.size;
  }

  /** Resolves once every write handed over so far has committed; rejects when one of them failed. */
  stored(): Promise<void> {
    if (!this.inFlight.size) return Promise.resolve();
    return Promise.all([...this.inFlight]).then(() => undefined);
  }

  /**
   * Run `send` once everything handed over so far is stored: at once when nothing is pending
   * (the common case: no turn lost). Never when a write failed: its room fails and its sockets close.
   */
  whenStored(send: () => void): void {
    if (!this.inFlight.size) return send();
    this.stored().then(send, () => {});
  }

  private track<T>(write: Promise<T>): Promise<T> {
    this.inFlight.add(write);
    const settled = () => void this.inFlight.delete(write);
    write.then(settled, settled);
    return write;
  }
}
