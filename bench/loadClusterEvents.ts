import { existsSync, readFileSync } from 'node:fs';
import { summary } from './loadReport';
import type { Summary } from './loadReport';

/**
 * What the server processes of `npm run load:cluster` wrote into EVENTS_FILE
 * (src/server/eventsFile.ts): one JSON line per room a process starts or stops serving (written at
 * once) and per group commit (written every 200 ms).
 */

export type ServingLine = { at: number; pid: number; kind: 'serving'; roomId: string; serving: boolean };
export type CommitLine = {
  at: number;
  pid: number;
  kind: 'commit';
  updates: number;
  writes: number;
  ms: number;
};
export type EventLine = ServingLine | CommitLine;

export function readEvents(path: string): EventLine[] {
  if (!existsSync(path)) return [];
  const lines: EventLine[] = [];
  for (const text of readFileSync(path, 'utf8').split('\n')) {
    if (!text.trim()) continue;
    try {
      lines.push(JSON.parse(text) as EventLine);
    } catch {
      // a line cut short by a kill -9 in the middle of a write: not one we count
    }
  }
  return lines;
}

/** The rooms `pid` serves now, by its last serving line per room. */
export function roomsServedBy(events: readonly EventLine[], pid: number): Set<string> {
  const rooms = new Set<string>();
  for (const e of events) {
    if (e.kind !== 'serving' || e.pid !== pid) continue;
    if (e.serving) rooms.add(e.roomId);
    else rooms.delete(e.roomId);
  }
  return rooms;
}

/** The first time after `after` (wall clock) a process other than `notPid` started serving `roomId`. */
export function servedAgainAt(
  events: readonly EventLine[],
  roomId: string,
  notPid: number,
  after: number,
): ServingLine | undefined {
  return events.find(
    (e): e is ServingLine =>
      e.kind === 'serving' && e.roomId === roomId && e.serving && e.pid !== notPid && e.at >= after,
  );
}

export interface CommitFigures {
  readonly commits: number;
  readonly perSecond: number;
  readonly updatesPerSecond: number;
  readonly ms: Summary;
  readonly batchMean: number;
  readonly batch: Summary;
}

/** The group commits of [from, to) (wall clock, ms), all processes together. */
export function commitFigures(events: readonly EventLine[], from: number, to: number): CommitFigures {
  const commits = events.filter((e): e is CommitLine => e.kind === 'commit' && e.at >= from && e.at < to);
  const seconds = (to - from) / 1000;
  const updates = commits.reduce((sum, c) => sum + c.updates, 0);
  return {
    commits: commits.length,
    perSecond: commits.length / seconds,
    updatesPerSecond: updates / seconds,
    ms: summary(commits.map((c) => c.ms)),
    batchMean: commits.length ? updates / commits.length : Number.NaN,
    batch: summary(commits.map((c) => c.updates)),
  };
}

export interface Overlap {
  readonly roomId: string;
  readonly pids: readonly number[];
  readonly from: number;
  readonly ms: number;
}

/**
 * The time two processes served one room at once, from every process's serving intervals. An
 * interval still open ends at its process's `endOf(pid)` (a killed process: its kill; the others:
 * the end of the run).
 */
export function doubleOwned(
  events: readonly EventLine[],
  endOf: (pid: number) => number,
): { totalMs: number; overlaps: Overlap[]; intervals: number } {
  const open = new Map<string, number>(); // `${pid} ${room}` → since
  const byRoom = new Map<string, { pid: number; from: number; to: number }[]>();
  const add = (roomId: string, pid: number, from: number, to: number) => {
    const list = byRoom.get(roomId) ?? [];
    list.push({ pid, from, to });
    byRoom.set(roomId, list);
  };
  for (const e of events) {
    if (e.kind !== 'serving') continue;
    const key = `${e.pid} ${e.roomId}`;
    const since = open.get(key);
    if (e.serving && since === undefined) open.set(key, e.at);
    else if (!e.serving && since !== undefined) {
      open.delete(key);
      add(e.roomId, e.pid, since, e.at);
    }
  }
  for (const [key, since] of open) {
    const [pid, roomId] = key.split(' ') as [string, string];
    add(roomId, Number(pid), since, Math.max(since, endOf(Number(pid))));
  }
  let totalMs = 0;
  let intervals = 0;
  const overlaps: Overlap[] = [];
  for (const [roomId, list] of byRoom) {
    intervals += list.length;
    // Sweep: at each boundary, how many processes serve the room.
    const points = list.flatMap((i) => [
      { at: i.from, d: 1, pid: i.pid },
      { at: i.to, d: -1, pid: i.pid },
    ]);
    points.sort((a, b) => a.at - b.at || a.d - b.d); // an end before a start at the same instant
    let serving = 0;
    let last = 0;
    const who = new Set<number>();
    for (const p of points) {
      if (serving >= 2 && p.at > last) {
        totalMs += p.at - last;
        overlaps.push({ roomId, pids: [...who], from: last, ms: p.at - last });
      }
      serving += p.d;
      if (p.d > 0) who.add(p.pid);
      else who.delete(p.pid);
      last = p.at;
    }
  }
  return { totalMs, overlaps, intervals };
}
