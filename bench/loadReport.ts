import type { IntentResult } from './loadIntents';
import type { LogCostResult } from './loadLogRoom';
import type { VisionCostResult } from './loadVision';
import type { ProbeStats } from './loadServer';
import type { TrafficResult } from './loadTraffic';

/** The tables and target lines `npm run load` prints. */

export interface Measured {
  readonly label: string;
  readonly traffic: TrafficResult;
  /** Phase 2 (ours): GM writes measured while players send intents. */
  readonly mixed?: TrafficResult | undefined;
  readonly intents?: IntentResult | undefined;
  readonly logCost?: LogCostResult | undefined;
  readonly visionCost?: VisionCostResult | undefined;
  readonly probe: ProbeStats;
  readonly mixedProbe?: ProbeStats | undefined;
  readonly logProbe?: ProbeStats | undefined;
  readonly peakRss: number;
  /** Resident set right after the GM-only phase (MiB). */
  readonly gmRss?: number | undefined;
}

function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export interface Summary {
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly count: number;
}

/** p50, p99, slowest and count of unsorted latencies. */
export function summary(latenciesMs: readonly number[]): Summary {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    count: sorted.length,
  };
}

const num = (n: number, width = 8) => n.toFixed(1).padStart(width);

function row(label: string, s: Summary, errors: number | string, extra = ''): string {
  return `${label.padEnd(44)}${num(s.p50)}${num(s.p99)}${num(s.max)}${String(s.count).padStart(7)}${String(errors).padStart(8)}${extra}`;
}

function target(text: string, pass: boolean): string {
  return `${text.padEnd(86)} ${pass ? 'PASS' : 'FAIL'}`;
}

export function printReport(results: readonly Measured[], logLines: number): void {
  console.log(`\n${'latency (ms)'.padEnd(44)}  p50 ms  p99 ms  max ms  count  errors`);
  for (const m of results) {
    console.log(
      row(
        `GM writes, ${m.label}`,
        summary(m.traffic.latenciesMs),
        m.traffic.incomplete,
        `  (errors = never delivered)`,
      ),
    );
  }
  const ours = results[0]!;
  if (ours.mixed && ours.intents) {
    console.log(
      row('GM writes during player intents, ours', summary(ours.mixed.latenciesMs), ours.mixed.incomplete),
    );
    console.log(row('player intents (HTTP), ours', summary(ours.intents.latenciesMs), ours.intents.errors));
  }
  if (ours.logCost) {
    console.log(row('intents, fresh room, ours', summary(ours.logCost.emptyMs), ours.logCost.errors));
    console.log(row(`intents, ${logLines}-line log, ours`, summary(ours.logCost.longMs), ''));
  }
  if (ours.visionCost) {
    console.log(row('intents, fog of war off, ours', summary(ours.visionCost.offMs), ours.visionCost.errors));
    console.log(row('intents, per-player fog of war, ours', summary(ours.visionCost.onMs), ''));
  }
  const samples = [
    ...(ours.intents?.errorSamples ?? []),
    ...(ours.logCost?.errorSamples ?? []),
    ...(ours.visionCost?.errorSamples ?? []),
  ];
  for (const sample of samples) console.log(`  error: ${sample}`);

  console.log(
    `\n${'server process, per phase'.padEnd(44)}  CPU ms  main ms loop p99 loop max   GC n  GC ms  GC>10ms  GC max  major  max  heap MiB  RSS after GM / peak MiB`,
  );
  const probeRow = (label: string, p: ProbeStats, rss = '') =>
    console.log(
      `${label.padEnd(44)}${String(p.cpuMs).padStart(8)}${String(p.mainBusyMs).padStart(9)}${num(p.loopP99, 9)}${num(p.loopMax, 9)}${String(p.gcCount).padStart(7)}${String(p.gcTotal).padStart(7)}${String(p.gcOver10).padStart(9)}${num(p.gcMax)}${String(p.gcMajor).padStart(7)}${num(p.gcMajorMax, 5)}${String(p.heapMiB).padStart(10)}${rss.padStart(16)}`,
    );
  for (const m of results)
    probeRow(
      m.label,
      m.probe,
      `${m.gmRss === undefined ? '' : `${m.gmRss.toFixed(0)} / `}${m.peakRss.toFixed(0)}`,
    );
  if (ours.mixedProbe) probeRow('ours, GM writes + player intents', ours.mixedProbe);
  if (ours.logProbe) probeRow('ours, log scenario', ours.logProbe);

  const gm = summary(ours.traffic.latenciesMs);
  const stock = summary(results[1]!.traffic.latenciesMs);
  const ratio = gm.p99 / stock.p99;
  console.log('\ntargets (issue 10):');
  console.log(target(`GM-write p99 ours/stock ${ratio.toFixed(2)}× (≤ 1.0×)`, ratio <= 1.0));
  console.log(target(`slowest GM-write move ${gm.max.toFixed(1)} ms (< 20 ms)`, gm.max < 20));
  if (ours.intents) {
    const intents = summary(ours.intents.latenciesMs);
    const ok = intents.p99 < 20 && ours.intents.errors === 0;
    console.log(
      target(
        `player-intent p99 ${intents.p99.toFixed(1)} ms, ${ours.intents.errors} errors (< 20 ms, none)`,
        ok,
      ),
    );
  }
  if (ours.logCost) {
    const empty = summary(ours.logCost.emptyMs);
    const long = summary(ours.logCost.longMs);
    const logRatio = long.p99 / empty.p99;
    console.log(
      target(
        `intent p99 at ${logLines} log lines ${long.p99.toFixed(1)} ms vs fresh ${empty.p99.toFixed(1)} ms: ${logRatio.toFixed(2)}× (≤ 1.2×)`,
        logRatio <= 1.2 && ours.logCost.errors === 0,
      ),
    );
  }
  if (ours.visionCost) {
    const off = summary(ours.visionCost.offMs);
    const on = summary(ours.visionCost.onMs);
    const visionRatio = on.p99 / off.p99;
    console.log(
      target(
        `intent p99 with per-player fog of war ${on.p99.toFixed(1)} ms vs off ${off.p99.toFixed(1)} ms: ${visionRatio.toFixed(2)}× (≤ 1.2×, issue 34)`,
        visionRatio <= 1.2 && ours.visionCost.errors === 0,
      ),
    );
  }
  if (ours.gmRss !== undefined && results[1]!.gmRss !== undefined) {
    const memoryRatio = ours.gmRss / results[1]!.gmRss;
    console.log('\nmemory (issue 35):');
    console.log(
      target(
        `resident after the GM phase ours/stock ${ours.gmRss.toFixed(0)} / ${results[1]!.gmRss.toFixed(0)} MiB: ${memoryRatio.toFixed(2)}× (≤ 1.5×)`,
        memoryRatio <= 1.5,
      ),
    );
    const whole = ours.intents ? 'the whole run' : 'the GM phase only (--gm-only)';
    console.log(
      target(
        `our peak resident ${ours.peakRss.toFixed(0)} MiB over ${whole} (≤ 250 MiB)`,
        ours.peakRss <= 250,
      ),
    );
  }
}
