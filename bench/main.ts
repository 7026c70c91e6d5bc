/**
 * `npm run bench`: performance targets, each measured next to a reference implementation run on
 * the same data in the same process. Sections live in their own files and are listed in SECTIONS;
 * to add one, export `run(): Promise<BenchRow[]>` from a module and append its import here.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

export interface BenchRow {
  /** What was measured, e.g. "reach, speed 8, 100 tokens". */
  name: string;
  /** Our median, in milliseconds. */
  ours: number;
  /** The reference's median on the same input, when there is one. */
  reference?: { name: string; ms: number };
  /** The target in words, e.g. "≤ 0.3 ms and ≤ rot-js". */
  target: string;
  pass: boolean;
  note?: string;
}

export interface BenchSection {
  title: string;
  run(): Promise<BenchRow[]>;
}

/** Median and 95th percentile (ms) of `fn` over `iterations` runs after `warmup` unmeasured runs. */
export function measure(
  fn: (i: number) => unknown,
  iterations = 200,
  warmup = 30,
): { median: number; p95: number } {
  for (let i = 0; i < warmup; i++) fn(i);
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    fn(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, p95: times[Math.floor(times.length * 0.95)]! };
}

/** The sections `npm run bench` runs, in order (loaded lazily so a section may import `measure`). */
export const SECTIONS: (() => Promise<BenchSection>)[] = [
  async () => (await import('./grid')).gridSection,
  async () => (await import('./threat')).threatSection,
  async () => (await import('./vision')).visionSection,
];

const fmt = (ms: number) => (ms < 1 ? ms.toFixed(3) : ms.toFixed(2));

export function formatTable(title: string, rows: readonly BenchRow[]): string {
  const lines = rows.map((r) => {
    const ref = r.reference ? `${fmt(r.reference.ms)} ms (${r.reference.name})` : '—';
    const ratio = r.reference ? (r.ours / r.reference.ms).toFixed(3) : '—';
    return [r.name, `${fmt(r.ours)} ms`, ref, ratio, r.target, r.pass ? 'PASS' : 'FAIL', r.note ?? ''];
  });
  const header = ['measure', 'ours (median)', 'reference (median)', 'ours/ref', 'target', 'result', 'note'];
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const row = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join(' | ')
      .trimEnd();
  return [`## ${title}`, row(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...lines.map(row)].join(
    '\n',
  );
}

async function main(): Promise<void> {
  let failed = 0;
  for (const load of SECTIONS) {
    const section = await load();
    const rows = await section.run();
    console.log(formatTable(section.title, rows) + '\n');
    failed += rows.filter((r) => !r.pass).length;
  }
  console.log(failed ? `${failed} target(s) FAILED` : 'all targets PASS');
  process.exitCode = failed ? 1 : 0;
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
// Not awaited: sections import `measure` from this module, which must finish loading first.
if (invokedDirectly) void main();
