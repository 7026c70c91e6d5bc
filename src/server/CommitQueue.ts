import type { Store } from './store';

/**
 * Who is told how an update's commit went (a SharedDoc). Methods of a long-lived object rather
 * than closures per update: the server runs under tsx, which wraps every named closure in a
 * `__name` call when it is created, and this is the path of every write (docs/server.md).
 */
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
 * Group commit. Updates that arrive in the same event-loop turn are appended in ONE SQLite
 * transaction (one fsync under DURABILITY=full), and only after it commits are they broadcast.
 * Anything that sends doc content by another path (a sync step 2 reply, an intent's answer, an
 * export) calls `flush()` first, so no byte of a doc leaves the server before it is on disk.
 */
export class CommitQueue {
  private pending: PendingCommit[] = [];
  /** Other rows that must commit with these updates or not at all (intent keys). */
  private extraWrites: (() => void)[] = [];
  private scheduled: NodeJS.Immediate | undefined;

  constructor(private readonly store: Store) {}

  add(commit: PendingCommit): void {
    this.pending.push(commit);
    this.scheduled ??= setImmediate(() => this.flush());
  }

  /** A store write to run inside the next commit's transaction (atomic with its updates). */
  addWrite(write: () => void): void {
    this.extraWrites.push(write);
    this.scheduled ??= setImmediate(() => this.flush());
  }

  /**
   * Commit now what one websocket frame wrote, when a commit costs no fsync (DURABILITY=process):
   * a GM's frame is one update to one doc, atomic alone, so waiting a turn to group it with others
   * buys nothing and delays its broadcast. Under DURABILITY=full the group commit saves fsyncs.
   */
  commitFrame(): void {
    if (this.commitsAtOnce) this.flush();
  }

  /** Whether a frame's update commits (and is broadcast) inside `addFrame` (DURABILITY=process). */
  get commitsAtOnce(): boolean {
    return this.store.durability === 'process';
  }

  /**
   * One websocket frame's update (a GM's write, applied): under DURABILITY=process it commits
   * now, with anything queued before it; under `full` it joins the turn's group commit.
   */
  addFrame(commit: PendingCommit): void {
    if (!this.commitsAtOnce) return this.add(commit);
    this.pending.push(commit);
    this.flush();
  }

  get size(): number {
    return this.pending.length;
  }

  /** Commit everything queued, then run its broadcasts in arrival order. Synchronous. */
  flush(): void {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    const batch = this.pending;
    const extra = this.extraWrites;
    if (!batch.length && !extra.length) return;
    this.pending = [];
    this.extraWrites = [];
    try {
      // One update alone commits by itself, with no transaction around it: the common case on
      // the hot path (rooms rarely write in the same event-loop turn), journaled (journal.ts).
      if (batch.length === 1 && !extra.length) this.store.appendAlone(batch[0]!.doc, batch[0]!.update);
      else
        this.store.transaction(() => {
          batch.forEach((commit) => this.store.appendUpdate(commit.doc, commit.update));
          extra.forEach((write) => write());
        });
    } catch (error) {
      for (const commit of batch) commit.listener.onCommitFailed(error);
      return;
    }
    for (const commit of batch) commit.listener.onCommitted(commit.update, commit.origin);
  }
}
