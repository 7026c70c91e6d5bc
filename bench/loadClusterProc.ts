import { readdirSync, readFileSync } from 'node:fs';
import { rssMiB } from './loadServer';

/**
 * CPU and memory of the processes `npm run load:cluster` measures, read from /proc (Linux): CPU is
 * user + system time over a phase as a percentage of one core, memory the resident set (VmRSS)
 * sampled through the phase.
 */

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on every Linux we run on). */
const TICKS_PER_SECOND = 100;

/** user + system CPU time of one process (all threads), seconds; NaN once it is gone. */
export function cpuSeconds(pid: number, withWaitedChildren = false): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command (which may hold spaces) in parentheses: field 3 is at [0].
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]));
    const own = utime! + stime!;
    return (withWaitedChildren ? own + cutime! + cstime! : own) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

/** Process ids whose parent is `ppid` (optionally only those whose command is `comm`). */
export function childrenOf(ppid: number, comm?: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === ppid && (comm === undefined || name === comm)) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** A process, or a group counted as one (PostgreSQL: the postmaster and its backends). */
export interface Watched {
  readonly label: string;
  /** The process ids that count now (read again at each sample). */
  pids(): number[];
  /** Its CPU seconds so far, all of `pids()` (and what they reaped). */
  cpu(): number;
  /** Its resident memory now, MiB. */
  memory(): number;
}

/**
 * Proportional set size (Pss) of a process, MiB: its private pages plus its share of those it
 * shares. PostgreSQL's backends all map the same shared buffers, which a sum of their VmRSS would
 * count once per backend.
 */
export function pssMiB(pid: number): number {
  try {
    const match = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** One process by a pid that may change (a restarted server process). */
export function watchProcess(label: string, pid: () => number | undefined): Watched {
  return {
    label,
    pids: () => {
      const p = pid();
      return p === undefined ? [] : [p];
    },
    cpu: () => {
      const p = pid();
      return p === undefined ? Number.NaN : cpuSeconds(p);
    },
    memory: () => {
      const p = pid();
      return p === undefined ? 0 : rssMiB(p) || 0;
    },
  };
}

/**
 * PostgreSQL: the postmaster (with the time of the backends it reaped) plus its live children,
 * whose connections outlive a phase (each server process's pool and commit lane).
 */
export function watchPostgres(postmaster: () => number): Watched {
  const pids = () => [postmaster(), ...childrenOf(postmaster())];
  return {
    label: 'PostgreSQL (all its processes; memory: sum of Pss)',
    pids,
    cpu: () => {
      const [main, ...children] = pids();
      return cpuSeconds(main!, true) + children.reduce((sum, pid) => sum + (cpuSeconds(pid) || 0), 0);
    },
    memory: () => pids().reduce((sum, pid) => sum + pssMiB(pid), 0),
  };
}

/** Busy CPU time of the whole machine so far (every core, every process), seconds. */
export function machineBusySeconds(): number {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal …: busy is all but idle and iowait.
  const total = fields.slice(0, 8).reduce((sum, n) => sum + n, 0);
  return (total - fields[3]! - fields[4]!) / TICKS_PER_SECOND;
}

export interface ProcessFigures {
  readonly label: string;
  /** CPU over the phase, % of one core. */
  readonly cpuPercent: number;
  /** Resident set: the largest sample during the phase, MiB (summed over a group's processes). */
  readonly rssPeakMiB: number;
  readonly rssEndMiB: number;
}

/**
 * Watch `watched` from now until `stop()`: CPU from the first reading to the last, resident memory
 * sampled every `everyMs`. This process (the load generator) is added as the last row.
 */
export function sampleProcesses(watched: readonly Watched[], everyMs = 500): { stop(): ProcessFigures[] } {
  const start = performance.now();
  const startCpu = watched.map((w) => w.cpu());
  const selfStart = process.cpuUsage();
  const machineStart = machineBusySeconds();
  const rss = (w: Watched) => w.memory();
  const peaks = watched.map(rss);
  let selfPeak = process.memoryUsage.rss() / 2 ** 20;
  const timer = setInterval(() => {
    watched.forEach((w, i) => (peaks[i] = Math.max(peaks[i]!, rss(w))));
    selfPeak = Math.max(selfPeak, process.memoryUsage.rss() / 2 ** 20);
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      const seconds = (performance.now() - start) / 1000;
      const rows = watched.map((w, i) => {
        const end = rss(w);
        return {
          label: w.label,
          cpuPercent: ((w.cpu() - startCpu[i]!) / seconds) * 100,
          rssPeakMiB: Math.max(peaks[i]!, end),
          rssEndMiB: end,
        };
      });
      const self = process.cpuUsage(selfStart);
      const selfEnd = process.memoryUsage.rss() / 2 ** 20;
      rows.push({
        label: 'load generator (this process: all clients)',
        cpuPercent: ((self.user + self.system) / 1e6 / seconds) * 100,
        rssPeakMiB: Math.max(selfPeak, selfEnd),
        rssEndMiB: selfEnd,
      });
      rows.push({
        label: 'the whole machine (every process, ours or not)',
        cpuPercent: ((machineBusySeconds() - machineStart) / seconds) * 100,
        rssPeakMiB: Number.NaN,
        rssEndMiB: Number.NaN,
      });
      return rows;
    },
  };
}
