/**
 * `npx tsx bench/gmWriteMicro.ts [--writes=N]`: the main-thread cost of ONE GM write on our server,
 * in-process and without sockets, so a change to the write path can be measured on a busy machine
 * where `npm run load` is noisy. The path is the server's: one decode, the write check
 * (`checkGmWrite`), `SharedDoc.applyFrame` (the journal append, the broadcast frame, then the apply), sent to five
 * listeners that drop it. The room is the load bench's (arena map, skirmish, sample party) and the
 * write is its token move. Next to it, in the same process and on the same updates, the stock
 * @y/websocket-server's path (apply, encode, send to six). Prints CPU µs per write of both (user +
 * system time of the process, so time the OS gave to other processes is not counted) and the
 * clock time of our stages (the fastest quarter of rounds: the machine
 * may be busy with other work).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { SqliteStorage } from '../src/server/storage/sqliteStorage';
import { CommitQueue } from '../src/server/CommitQueue';
import type { DocListener } from '../src/server/SharedDoc';
import { COMPACT_AFTER_UPDATES, SharedDoc } from '../src/server/SharedDoc';
import { Store } from '../src/server/store';
import { checkGmWrite } from '../src/server/tableBridge';
import { seedRoom } from '../src/table/seedRoom';

const arg = (name: string, fallback: number): number => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split('=')[1]) : fallback;
};
// Rounds stay under COMPACT_AFTER_UPDATES (500): the doc is compacted inline between rounds, so
// the storage worker's compaction never competes with the measurement.
const WRITES = Math.min(arg('writes', 400), COMPACT_AFTER_UPDATES - 50);
const ROUNDS = arg('rounds', 41);

const root = join(import.meta.dirname, '..');
const read = (path: string): unknown => JSON.parse(readFileSync(join(root, path), 'utf8'));

function benchMove(seq: number) {
  return {
    id: 'bench-token',
    name: 'Bench',
    cell: { x: seq % 8, y: Math.floor(seq / 8) % 6 },
    size: 1,
    side: 'party',
    ownerIds: [],
    combatant: false,
    seq,
    sentAt: performance.now(),
  };
}

/** CPU time (user + system, ms): unlike the clock, it does not count time the OS gave to others. */
const cpuMs = (used: NodeJS.CpuUsage): number => (used.user + used.system) / 1000;

class DroppingListener implements DocListener {
  readonly ownedIds = new Set<number>();
  readonly tokenHash = 'bench';
  bytes = 0;
  send(frame: Uint8Array): void {
    this.bytes += frame.byteLength;
  }
  close(): void {}
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(process.env.BENCH_DIR ?? tmpdir(), 'gm-write-micro-'));
  const store = new Store(dir);
  const storage = new SqliteStorage(store);
  const commits = new CommitQueue(storage);
  const publicDoc = new Y.Doc();
  seedRoom(publicDoc, new Y.Doc(), {
    map: read('maps/arena.json'),
    encounter: read('encounters/arena-skirmish.json'),
    party: read('encounters/parties/sample-party.json'),
    revealFoes: true,
  } as never);
  const seed = Y.encodeStateAsUpdate(publicDoc);
  store.appendUpdate('room', seed);
  const shared = new SharedDoc(
    'room',
    storage,
    commits,
    (error) => {
      throw error;
    },
    [seed],
  );
  for (let i = 0; i < 5; i += 1) shared.listeners.add(new DroppingListener());

  // The GM's client: its own doc, synced, writing moves; each write's update is what it sends.
  const gm = new Y.Doc();
  Y.applyUpdate(gm, Y.encodeStateAsUpdate(shared.doc));
  const origin = new DroppingListener(); // the GM's own socket: not among the five receivers
  let seq = 0;
  const nextUpdate = (): Uint8Array => {
    let captured: Uint8Array | undefined;
    const take = (update: Uint8Array): void => {
      captured = update;
    };
    gm.on('update', take);
    gm.getMap('tokens').set('bench-token', benchMove((seq += 1)));
    gm.off('update', take);
    return captured!;
  };

  // The stock server's path for the same update (@y/websocket-server's utils: apply, and in the
  // doc's update handler encode one sync frame and send it to every connection, the writer too).
  const stockDoc = new Y.Doc();
  Y.applyUpdate(stockDoc, Y.encodeStateAsUpdate(shared.doc));
  const stockConns = Array.from({ length: 6 }, () => new DroppingListener());
  stockDoc.on('update', (update: Uint8Array) => {
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, 0); // messageSync
    syncProtocol.writeUpdate(encoder, update);
    const message = encoding.toUint8Array(encoder);
    for (const conn of stockConns) conn.send(message);
  });

  const stages = { check: 0, apply: 0 };
  type Round = { total: number; check: number; apply: number; stock: number };
  const round = (): Round => {
    const updates = Array.from({ length: WRITES }, nextUpdate);
    stages.check = stages.apply = 0;
    const cpu = process.cpuUsage();
    for (const update of updates) {
      const t0 = performance.now();
      // As the server's Connection: one decode for the check and applyFrame's change test.
      const decoded = Y.decodeUpdate(update);
      const problem = checkGmWrite(shared.doc, 'public', decoded);
      if (problem) throw new Error(problem);
      const t1 = performance.now();
      shared.applyFrame(update, origin, decoded);
      const t2 = performance.now();
      stages.check += t1 - t0;
      stages.apply += t2 - t1;
    }
    const total = cpuMs(process.cpuUsage(cpu));
    const stockCpu = process.cpuUsage();
    for (const update of updates) Y.applyUpdate(stockDoc, update, origin);
    const stock = cpuMs(process.cpuUsage(stockCpu));
    const us = (ms: number) => (ms * 1000) / WRITES;
    return {
      total: us(total),
      check: us(stages.check),
      apply: us(stages.apply),
      stock: us(stock),
    };
  };

  round(); // warm-up
  const results: Round[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    results.push(round());
    shared.compact();
    await new Promise((resolve) => setImmediate(resolve));
  }
  const median = (key: keyof Round) => {
    const sorted = results.map((r) => r[key]).sort((a, b) => a - b);
    // The fastest quarter: rounds the OS preempted (other processes on a shared machine) drop out.
    return sorted[sorted.length >> 2]!.toFixed(1);
  };
  console.log(
    `GM write, µs (fastest quarter of ${ROUNDS} rounds × ${WRITES}): CPU ${median('total')} (stock server's path ${median('stock')}); clock: check ${median('check')}, ` +
      `commit + broadcast + apply (SharedDoc.applyFrame) ${median('apply')}`,
  );
  shared.destroy();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}

await main();
