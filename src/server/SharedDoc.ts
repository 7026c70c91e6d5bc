import * as Y from 'yjs';
import * as awarenessProtocol from 'y-protocols/awareness';
import type { CommitListener, CommitQueue } from './CommitQueue';
import type { Storage } from './storage/Storage';
import { encodeAwarenessMessage, encodeSyncUpdate } from './protocol';
import { PresenceClaims } from './presenceClaims';
import { StorageStoppedError } from './storageWorker';
import type { DecodedUpdate } from '../table/checkDocWrite';
import { updateChangesDoc } from './permissions';

/** Someone who receives a doc's broadcasts (a websocket connection). */
export interface DocListener {
  send(frame: Uint8Array): void;
  /** Awareness client ids this listener speaks for; removed from awareness when it leaves. */
  readonly ownedIds: Set<number>;
  readonly tokenHash: string;
  close(code: number, reason: string): void;
}

/**
 * Compact a doc's stored log once it holds this many rows (merged into one by the storage,
 * off the event loop where it can: `Storage.compactLog`).
 */
export const COMPACT_AFTER_UPDATES = 500;

/**
 * One authoritative Y.Doc on the server with its awareness and listeners. Every update is
 * committed to the storage (CommitQueue) and only then broadcast, so anything a client has
 * received is already durable (docs/server.md, "Durability"). Built from its stored updates,
 * read before (RoomManager), so no client can see a half-loaded doc.
 */
export class SharedDoc implements CommitListener {
  private readonly ydoc: Y.Doc;
  readonly awareness: awarenessProtocol.Awareness;
  readonly listeners = new Set<DocListener>();
  /** Which token first claimed each awareness client id (kept after its sockets close). */
  readonly claims = new PresenceClaims();
  private storedRows: number;
  /** A background compaction is under way (at most one per doc). */
  private compacting = false;
  private failed = false;
  /**
   * GM frames already stored and broadcast but not yet applied to `ydoc` (DURABILITY=process),
   * in arrival order: applied once the event loop has handled the frames that arrived with them,
   * or as soon as anything reads the doc (the `doc` getter), whichever comes first.
   */
  private unapplied: { update: Uint8Array; origin: DocListener }[] = [];
  private applyScheduled: NodeJS.Immediate | undefined;

  constructor(
    readonly name: string,
    private readonly storage: Storage,
    private readonly commits: CommitQueue,
    private readonly onFailure: (error: unknown) => void,
    updates: readonly Uint8Array[],
  ) {
    this.ydoc = new Y.Doc();
    // Stored data this build cannot decode throws here; the room manager refuses the room (only it).
    try {
      if (updates.length)
        this.ydoc.transact(() => updates.forEach((update) => Y.applyUpdate(this.ydoc, update)));
      this.storedRows = updates.length;
      if (this.storedRows > COMPACT_AFTER_UPDATES) this.compactInBackground();
    } catch (error) {
      this.ydoc.destroy();
      throw error;
    }

    this.awareness = new awarenessProtocol.Awareness(this.ydoc);
    this.awareness.setLocalState(null);
    this.awareness.on('update', this.onAwarenessUpdate);
    this.ydoc.on('update', this.onDocUpdate);
  }

  /** The authoritative doc, holding every frame this doc has accepted (see `unapplied`). */
  get doc(): Y.Doc {
    if (this.unapplied.length) this.applyUnapplied();
    return this.ydoc;
  }

  private readonly onDocUpdate = (update: Uint8Array, origin: unknown): void => {
    if (this.failed) return;
    this.commits.add({ doc: this.name, update, origin, listener: this });
  };

  /** The update is on disk: broadcast it to everyone but its writer (CommitQueue). */
  onCommitted(update: Uint8Array, origin: unknown): void {
    this.storedRows += 1;
    const frame = encodeSyncUpdate(update);
    for (const listener of this.listeners) if (listener !== origin) listener.send(frame);
    // Never compact here: this is the broadcast path every room shares.
    if (this.storedRows > COMPACT_AFTER_UPDATES) this.compactInBackground();
  }

  /** Not on disk ⇒ must not reach anyone. Drop the in-memory doc; the room reloads from disk. */
  onCommitFailed(error: unknown): void {
    if (this.failed) return;
    this.failed = true;
    this.onFailure(error);
  }

  /**
   * Apply a GM frame's update, already checked (src/table/checkDocWrite.ts), and commit it:
   * the frame's own bytes are what is stored and broadcast, so Yjs does not encode the same
   * update again from the transaction (a cost the stock server pays too: ≈ 15 % of a write's CPU in
   * bench/gmWriteMicro.ts, docs/server.md "Load and performance"). Only when the update changes
   * the doc (`updateChangesDoc`, Yjs's own test: a new struct or a new deletion). Where the doc
   * holds changes Yjs could not integrate yet (deletions of items it lacks), a later update may
   * complete them: then the transaction's own encoding is the one that names everything it
   * changed, and the ordinary path is taken.
   *
   * When commits are synchronous (DURABILITY=process) the update is stored and broadcast BEFORE
   * the server's own doc applies it: the check has decoded it and found everything it builds on,
   * so applying cannot be refused, and the receivers no longer wait for a step they do not need
   * (≈ 40 µs of a write's ≈ 260, docs/server.md "Load and performance"). Nor do the frames of
   * other rooms that arrived in the same turn: the apply waits until the event loop has handled
   * them (`setImmediate`), unless something reads the doc first (the `doc` getter applies it then:
   * the writer's next frame is checked against a doc that holds this one). Persist-before-broadcast
   * is unchanged. Under DURABILITY=full the commit waits for the turn's group commit, and the doc
   * must hold the update at once: apply first.
   */
  applyFrame(update: Uint8Array, origin: DocListener, decoded: DecodedUpdate = Y.decodeUpdate(update)): void {
    const store = this.doc.store;
    if (store.pendingDs || store.pendingStructs) {
      Y.applyUpdate(this.doc, update, origin); // committed through the 'update' event
      return;
    }
    // Nothing to store or send; Yjs may still hold deletions of items it lacks (pendingDs).
    if (!updateChangesDoc(this.doc, decoded)) return this.applyQuietly(update, origin);
    const commit = { doc: this.name, update, origin, listener: this };
    if (this.commits.commitsAtOnce) {
      this.commits.addFrame(commit);
      if (this.failed) return;
      this.unapplied.push({ update, origin });
      this.applyScheduled ??= setImmediate(() => this.applyUnapplied());
      return;
    }
    this.applyQuietly(update, origin);
    if (!this.failed) this.commits.addFrame(commit);
  }

  /** Apply without the 'update' event (the frame's bytes are committed as they are). */
  private applyQuietly(update: Uint8Array, origin: DocListener): void {
    this.ydoc.off('update', this.onDocUpdate);
    try {
      Y.applyUpdate(this.ydoc, update, origin);
    } catch (error) {
      // Yjs threw although the check decoded the update and found its dependencies (this should
      // not happen): the doc in memory may differ from what is stored, so the room must not keep
      // it; it reloads from disk (as after a failed commit).
      this.onCommitFailed(error);
      throw error;
    } finally {
      this.ydoc.on('update', this.onDocUpdate);
    }
  }

  /** Apply the stored and broadcast frames the doc does not hold yet, in order. */
  private applyUnapplied(): void {
    if (this.applyScheduled) clearImmediate(this.applyScheduled);
    this.applyScheduled = undefined;
    const frames = this.unapplied;
    this.unapplied = [];
    for (const { update, origin } of frames) {
      if (this.failed) return;
      try {
        this.applyQuietly(update, origin);
      } catch (error) {
        // applyQuietly has failed the room: it is dropped and reloads from disk, which holds
        // every frame; the frames after this one are of no use either.
        console.error(`${this.name}: a stored frame could not be applied:`, error);
        return;
      }
    }
  }

  /** Send doc content by any path but the broadcast only through this: once what it holds is stored. */
  whenStored(send: () => void): void {
    this.commits.whenStored(send);
  }

  private readonly onAwarenessUpdate = ({
    added,
    updated,
    removed,
  }: {
    added: number[];
    updated: number[];
    removed: number[];
  }): void => {
    // Ownership of ids is tracked by the connection (it checks claims before applying).
    const changed = added.concat(updated, removed);
    const frame = encodeAwarenessMessage(awarenessProtocol.encodeAwarenessUpdate(this.awareness, changed));
    for (const listener of this.listeners) listener.send(frame);
  };

  /** The listener currently speaking for an awareness client id, if any. */
  ownerOf(clientID: number): DocListener | undefined {
    for (const listener of this.listeners) if (listener.ownedIds.has(clientID)) return listener;
    return undefined;
  }

  /** Full awareness state for a newly joined listener, or undefined when nobody is present. */
  awarenessFrame(): Uint8Array | undefined {
    const ids = [...this.awareness.getStates().keys()];
    if (!ids.length) return undefined;
    return encodeAwarenessMessage(awarenessProtocol.encodeAwarenessUpdate(this.awareness, ids));
  }

  removeListener(listener: DocListener): void {
    if (!this.listeners.delete(listener)) return;
    // `listener` is out of the set already: an id stays only if another socket of it remains.
    const ids = [...listener.ownedIds].filter((id) => !this.ownerOf(id));
    if (ids.length) awarenessProtocol.removeAwarenessStates(this.awareness, ids, null);
  }

  /**
   * Ask the storage to merge this doc's stored rows into one. What the doc accepted is committed
   * or on its way in call order, so the storage reads it from its own rows.
   */
  compactInBackground(): void {
    if (this.failed || this.compacting) return;
    this.compacting = true;
    this.storage.compactLog(this.name).then(
      (merged) => {
        this.compacting = false;
        if (merged > 1) this.storedRows -= merged - 1;
      },
      (error: unknown) => {
        // The rows are untouched; the next commit past the threshold asks again.
        this.compacting = false;
        if (error instanceof StorageStoppedError) return; // shutting down: nothing to report
        console.error(`${this.name}: background compaction failed: ${(error as Error).message}`);
      },
    );
  }

  /** Merge the stored log into one row holding the live doc's full state (shutdown). */
  async compact(): Promise<void> {
    if (this.failed) return;
    const state = Y.encodeStateAsUpdate(this.doc);
    await this.commits.stored();
    await this.storage.compact(this.name, Number.MAX_SAFE_INTEGER, state);
    this.storedRows = 1;
  }

  destroy(): void {
    if (this.applyScheduled) clearImmediate(this.applyScheduled);
    this.unapplied = [];
    this.awareness.destroy();
    this.ydoc.destroy();
  }
}
