import { cpus } from 'node:os';
import { summary } from './loadReport';
import type { Summary } from './loadReport';
import type { CommitFigures, Overlap } from './loadClusterEvents';
import type { ProcessFigures } from './loadClusterProc';

/** The tables `npm run load:cluster` prints. */

export interface PhaseResult {
  readonly label: string;
  readonly gmMs: number[];
  /** Moves of the measured window never delivered to every receiver. */
  readonly undelivered: number;
  readonly intentMs: number[];
  readonly intentErrors: number;
  readonly intentErrorSamples: readonly string[];
  readonly commits: CommitFigures;
  readonly processes: readonly ProcessFigures[];
  /** Rooms each server process served at the end of the window. */
  readonly roomsPerProcess: readonly number[];
  readonly seconds: number;
}

export interface FailoverResult {
  readonly killed: string;
  readonly movedRooms: readonly string[];
  /** Per moved room: kill → first sync of one of its clients on the new owner (ms). */
  readonly firstSyncMs: readonly number[];
  /** Per moved room: kill → every client of the room synced again (ms). */
  readonly allBackMs: readonly number[];
  /** Per moved room: kill → the new owner's serving line (ms). */
  readonly claimedMs: readonly number[];
  /** Moved rooms with no sync within the wait. */
  readonly neverBack: readonly string[];
  readonly gmDuringMs: number[];
  readonly intentErrorsDuring: number;
  readonly intentsDuring: number;
  readonly intentErrorSamples: readonly string[];
  /** The restarted process listens → it serves the rooms the ring gives it again (ms, per room). */
  readonly handBackMs: readonly number[];
  /** Per room handed back: its GM's socket closed by the holder → a fresh GM synced on the restarted one (ms). */
  readonly handBackPauseMs: readonly number[];
  readonly handBackExpected: number;
  readonly writersReplaced: number;
  readonly ownerChecks: number;
  readonly missingAtOwnerChecks: number;
  readonly missingAtEnd: number;
  readonly unreadAtEnd: number;
  readonly ackedMoves: number;
  readonly doubleOwnedMs: number;
  readonly overlaps: readonly Overlap[];
  readonly servingIntervals: number;
}

const f = (n: number, width = 7, digits = 1) =>
  (Number.isFinite(n) ? n.toFixed(digits) : '-').padStart(width);

const latencyCells = (s: Summary) => `${f(s.p50)}${f(s.p99)}${f(s.max)}${String(s.count).padStart(7)}`;

export function printPhases(phases: readonly PhaseResult[]): void {
  const cores = cpus().length;
  const ref = phases[0]!;
  const refGm = summary(ref.gmMs);
  const refIntent = summary(ref.intentMs);
  console.log(
    `\n${'latency (ms)'.padEnd(42)}|   GM writes: p50    p99    max      n lost  p99×ref |  player intents: p50    p99    max      n errs  p99×ref`,
  );
  for (const phase of phases) {
    const gm = summary(phase.gmMs);
    const intent = summary(phase.intentMs);
    console.log(
      `${phase.label.padEnd(42)}|${' '.repeat(12)}${latencyCells(gm)}${String(phase.undelivered).padStart(5)}${f(gm.p99 / refGm.p99, 8, 2)}× |${' '.repeat(17)}${latencyCells(intent)}${String(phase.intentErrors).padStart(5)}${f(intent.p99 / refIntent.p99, 8, 2)}×`,
    );
  }
  for (const phase of phases)
    for (const sample of phase.intentErrorSamples) console.log(`  intent error (${phase.label}): ${sample}`);

  console.log(
    `\n${'group commits (all processes)'.padEnd(42)}|  commits/s  updates/s | commit ms p50    p99    max | updates per commit: mean    p99    max`,
  );
  for (const phase of phases) {
    const c = phase.commits;
    console.log(
      `${phase.label.padEnd(42)}|${f(c.perSecond, 11)}${f(c.updatesPerSecond, 11)} |${' '.repeat(10)}${f(c.ms.p50, 6, 2)}${f(c.ms.p99, 7, 2)}${f(c.ms.max, 7, 2)} |${' '.repeat(20)}${f(c.batchMean, 5, 2)}${f(c.batch.p99, 7, 0)}${f(c.batch.max, 7, 0)}`,
    );
  }

  console.log(
    `\n${'processes during the measured window'.padEnd(52)}  CPU % of a core   RSS peak MiB   RSS end MiB`,
  );
  for (const phase of phases) {
    const rooms = phase.roomsPerProcess.length
      ? ` (rooms per server process: ${phase.roomsPerProcess.join(', ')})`
      : '';
    console.log(`${phase.label}${rooms}`);
    const machine = phase.processes.find((p) => p.label.startsWith('the whole machine'));
    const ours = phase.processes.filter((p) => p !== machine);
    const cpu = (rows: readonly ProcessFigures[]) =>
      rows.reduce((sum, p) => sum + (Number.isFinite(p.cpuPercent) ? p.cpuPercent : 0), 0);
    for (const p of ours)
      console.log(
        `  ${p.label.padEnd(50)}${f(p.cpuPercent, 17)}${f(p.rssPeakMiB, 15, 0)}${f(p.rssEndMiB, 14, 0)}`,
      );
    const servers = ours.filter((p) => p.label.startsWith('server'));
    console.log(`  ${'server processes together'.padEnd(50)}${f(cpu(servers), 17)}`);
    console.log(
      `  ${`all of the above (of ${cores * 100} % on ${cores} cores)`.padEnd(50)}${f(cpu(ours), 17)}`,
    );
    if (machine) console.log(`  ${machine.label.padEnd(50)}${f(machine.cpuPercent, 17)}`);
  }
}

const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

export function printFailover(r: FailoverResult): void {
  const first = summary(r.firstSyncMs);
  const all = summary(r.allBackMs);
  const claimed = summary(r.claimedMs);
  console.log(
    `\nfailover: kill -9 of ${r.killed} under GM traffic; it served ${r.movedRooms.length} room(s): ${r.movedRooms.join(' ')}`,
  );
  console.log(`${'  (ms from the kill, over the moved rooms)'.padEnd(58)}    p50    p99    max      n`);
  console.log(`${'  new owner starts serving the room (EVENTS_FILE)'.padEnd(58)}${latencyCells(claimed)}`);
  console.log(`${'  first sync of a reconnecting client on the new owner'.padEnd(58)}${latencyCells(first)}`);
  console.log(`${'  every client of the room synced again'.padEnd(58)}${latencyCells(all)}`);
  if (r.neverBack.length) console.log(`  rooms never back within the wait: ${r.neverBack.join(' ')}`);
  const during = summary(r.gmDuringMs);
  console.log(
    `  GM writes delivered from the kill to the end (all rooms): p50 ${f(during.p50, 0)} p99 ${f(during.p99, 0)} max ${f(during.max, 0)} ms, n ${during.count}; player intents failed ${r.intentErrorsDuring} of ${r.intentsDuring}`,
  );
  for (const sample of r.intentErrorSamples)
    console.log(
      `    intent error: ${sample}${sample.includes('<html>') ? ' (HAProxy’s own 503 page: the killed process is not marked down yet)' : ''}`,
    );
  const back = summary(r.handBackMs);
  const pause = summary(r.handBackPauseMs);
  console.log(
    `  restart: once it listens again, the restarted process serves ${r.handBackMs.length} of the ${r.handBackExpected} room(s) the ring gives it back ` +
      `after p50 ${f(back.p50, 0)} ms, max ${f(back.max, 0)} ms (a player's intent reaches it, it asks the holder by NOTIFY)`,
  );
  console.log(
    `  a room's GM during that handover: socket closed by the holder → synced on the restarted process: p50 ${f(pause.p50, 0)} ms, max ${f(pause.max, 0)} ms (n ${pause.count})`,
  );
  console.log(`  GM clients replaced by a fresh one after their socket closed: ${r.writersReplaced}`);
  console.log('\nchecks:');
  console.log(
    `${`  acknowledged moves lost: ${r.missingAtOwnerChecks + r.missingAtEnd} (${r.ackedMoves} acknowledged; ${r.ownerChecks} reads at owner changes lacked ${r.missingAtOwnerChecks}, the final read of every room lacked ${r.missingAtEnd}${r.unreadAtEnd ? `, ${r.unreadAtEnd} room(s) unreadable` : ''})`.padEnd(150)} ${pass(r.missingAtOwnerChecks + r.missingAtEnd === 0 && r.unreadAtEnd === 0)}`,
  );
  console.log(
    `${`  double-owned time: ${r.doubleOwnedMs.toFixed(0)} ms (over ${r.servingIntervals} serving intervals of all processes)`.padEnd(150)} ${pass(r.doubleOwnedMs === 0)}`,
  );
  for (const o of r.overlaps.slice(0, 10))
    console.log(
      `    room ${o.roomId} served by pids ${o.pids.join(' and ')} at once for ${o.ms} ms from ${new Date(o.from).toISOString()}`,
    );
}
