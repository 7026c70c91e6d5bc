import type pg from 'pg';
import type { CommitInfo } from './Storage';

/**
 * Group commit on ONE PostgreSQL connection (postgresStorage.ts). Writes queued during an
 * event-loop turn run in one transaction; while it commits, the next turn's writes queue and
 * form the next one. Every write's promise settles only after COMMIT has returned, and
 * `synchronous_commit=on` makes COMMIT return only once the WAL is flushed: a resolved append is
 * durable. Plain appends in a row become one multi-row INSERT; any other write (a batch, a
 * compaction) runs in a savepoint of its own when the transaction holds others, so a write that
 * fails (a duplicate room id) fails alone.
 *
 * Why a dedicated connection: the ownership step (issue 35) takes a room's advisory lock on the
 * connection that commits its writes, so that losing the connection loses the lock and the
 * writes together. `run()` executes a caller's statements on this very connection, in the queue
 * (the lock query), and `lost` settles when the connection is gone: the lane refuses writes from
 * then on and never reconnects by itself (its locks are gone with it).
 */

/** A statement runner for writes: the lane's connection, inside its current transaction. */
export type Queryable = Pick<pg.ClientBase, 'query'>;

interface Pending {
  /** A plain append: consecutive ones become one INSERT. */
  readonly append?: { readonly doc: string; readonly update: Uint8Array };
  readonly run?: (client: Queryable) => Promise<unknown>;
  readonly updates: number;
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

/** The lane's connection is gone, or it was closed: nothing more commits through it. */
export class LaneLostError extends Error {}

/** Uint8Array as the pg driver sends it (a Buffer view, no copy). */
export const bufferOf = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export class CommitLane {
  private queue: Pending[] = [];
  private scheduled: NodeJS.Immediate | undefined;
  /** The transaction under way, if any: the next one starts when it ends. */
  private committing: Promise<void> | undefined;
  private lostError: Error | undefined;
  /** Settles (resolves with why) once the connection is gone or the lane closed. */
  readonly lost: Promise<Error>;
  private markLost!: (error: Error) => void;

  constructor(
    private readonly client: pg.Client,
    private readonly report: (commit: CommitInfo) => void,
    private readonly release: () => Promise<void>,
  ) {
    this.lost = new Promise((resolve) => (this.markLost = resolve));
    client.on('error', (error) =>
      this.fail(new LaneLostError(`the commit connection was lost: ${error.message}`)),
    );
    client.on('end', () => this.fail(new LaneLostError('the commit connection ended')));
  }

  get isLost(): boolean {
    return this.lostError !== undefined;
  }

  /** Queue an update; resolves once committed. */
  append(doc: string, update: Uint8Array): Promise<void> {
    return this.enqueue({ append: { doc, update }, updates: 1 });
  }

  /**
   * Queue statements to run on this lane's connection inside the turn's transaction (in a
   * savepoint when the transaction holds other writes); resolves with their result after COMMIT.
   * `updates`: update rows they append, for the commit figures.
   */
  run<T>(statements: (client: Queryable) => Promise<T>, updates = 0): Promise<T> {
    return this.enqueue({ run: statements, updates });
  }

  private enqueue<T>(item: Omit<Pending, 'resolve' | 'reject'>): Promise<T> {
    if (this.lostError) return Promise.reject(this.lostError);
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ ...item, resolve: resolve as (result: unknown) => void, reject });
      this.scheduled ??= setImmediate(() => void this.flush());
    });
  }

  /** Commit what is queued (after the transaction under way); resolves when it has. */
  async flush(): Promise<void> {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    while (this.committing) await this.committing;
    const items = this.queue;
    this.queue = [];
    if (!items.length) return;
    const mine = this.commit(items).finally(() => {
      if (this.committing === mine) this.committing = undefined;
    });
    this.committing = mine;
    await mine;
  }

  private async commit(items: Pending[]): Promise<void> {
    if (this.lostError) return items.forEach((item) => item.reject(this.lostError));
    const start = performance.now();
    const results: unknown[] = [];
    const failures = new Map<number, unknown>();
    const client = this.client;
    try {
      await client.query('BEGIN');
      for (let i = 0; i < items.length;) {
        if (items[i]!.append) {
          let end = i + 1;
          while (end < items.length && items[end]!.append) end += 1;
          await appendRows(
            client,
            items.slice(i, end).map((item) => item.append!),
          );
          i = end;
          continue;
        }
        if (items.length === 1) results[i] = await items[i]!.run!(client);
        else {
          await client.query('SAVEPOINT write');
          try {
            results[i] = await items[i]!.run!(client);
            await client.query('RELEASE SAVEPOINT write');
          } catch (error) {
            if (this.lostError) throw this.lostError;
            await client.query('ROLLBACK TO SAVEPOINT write'); // throws when the connection is gone
            failures.set(i, error);
          }
        }
        i += 1;
      }
      await client.query('COMMIT');
    } catch (error) {
      // Not committed (or, when the connection died during COMMIT, not known to be): nobody
      // may treat these writes as durable.
      if (!this.lostError) await client.query('ROLLBACK').catch(() => undefined);
      items.forEach((item) => item.reject(error));
      return;
    }
    this.report({
      updates: items.reduce((sum, item, k) => sum + (failures.has(k) ? 0 : item.updates), 0),
      writes: items.length,
      ms: performance.now() - start,
    });
    items.forEach((item, k) => (failures.has(k) ? item.reject(failures.get(k)) : item.resolve(results[k])));
  }

  private fail(error: Error): void {
    if (this.lostError) return;
    this.lostError = error;
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    const queued = this.queue;
    this.queue = [];
    queued.forEach((item) => item.reject(error));
    this.markLost(error);
  }

  /** Commit what is queued, then give the connection back (or end it). */
  async close(): Promise<void> {
    if (this.lostError) return;
    await this.flush();
    this.fail(new LaneLostError('the commit lane was closed'));
    await this.release();
  }
}

/**
 * Several updates in one statement, in the given order: the identity column takes its values
 * row by row as the ordered SELECT yields them, so seqs follow the order of the calls.
 */
async function appendRows(
  client: Queryable,
  rows: readonly { doc: string; update: Uint8Array }[],
): Promise<void> {
  if (rows.length === 1)
    await client.query('INSERT INTO updates (doc, data) VALUES ($1, $2)', [
      rows[0]!.doc,
      bufferOf(rows[0]!.update),
    ]);
  else
    await client.query(
      'INSERT INTO updates (doc, data) SELECT d, u FROM unnest($1::text[], $2::bytea[]) WITH ORDINALITY AS t(d, u, n) ORDER BY n',
      [rows.map((row) => row.doc), rows.map((row) => bufferOf(row.update))],
    );
}
