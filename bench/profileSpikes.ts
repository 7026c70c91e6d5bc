import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `npx tsx bench/profileSpikes.ts [dir-or-file] [--over=10]`: reads a V8 CPU profile written by
 * `npm run load -- --cpu-prof` and lists the stretches where the server's event loop was busy
 * without a break for longer than `over` ms (those are the latency spikes every client in every
 * room waits through), with the functions that took their time. Measures, so we don't guess.
 */
interface ProfileNode {
  readonly id: number;
  readonly callFrame: { functionName: string; url: string; lineNumber: number };
  readonly children?: number[];
}
interface Profile {
  readonly nodes: ProfileNode[];
  readonly samples: number[];
  readonly timeDeltas: number[];
}

const arg = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 'load-profiles';
const over = Number(process.argv.find((a) => a.startsWith('--over='))?.slice(7) ?? 10);
const file = arg.endsWith('.cpuprofile')
  ? arg
  : join(
      arg,
      readdirSync(arg)
        .filter((f) => f.endsWith('.cpuprofile'))
        .sort()
        .at(-1) ?? '',
    );
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const name = (n: ProfileNode) =>
  `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber + 1}`;
/** The sample's stack, innermost first. */
function stack(id: number): ProfileNode[] {
  const out: ProfileNode[] = [];
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) out.push(byId.get(at)!);
  return out;
}
const idle = (n: ProfileNode) => n.callFrame.functionName === '(idle)';

interface Stretch {
  start: number;
  ms: number;
  /** Inclusive time per function (counted once per sample). */
  inclusive: Map<string, number>;
}
const stretches: Stretch[] = [];
let current: Stretch | undefined;
let t = 0;
for (let i = 0; i < profile.samples.length; i++) {
  const dt = (profile.timeDeltas[i] ?? 0) / 1000;
  t += dt;
  const node = byId.get(profile.samples[i]!)!;
  if (idle(node)) {
    if (current && current.ms > over) stretches.push(current);
    current = undefined;
    continue;
  }
  current ??= { start: t, ms: 0, inclusive: new Map() };
  current.ms += dt;
  for (const frame of new Set(stack(node.id).map(name)))
    current.inclusive.set(frame, (current.inclusive.get(frame) ?? 0) + dt);
}
const interesting =
  /SharedDoc|CommitQueue|store\.ts|applyIntent|readTableState|readSnapshot|encodeState|mergeUpdates|garbage|better-sqlite3|compact|Connection|api\.ts|JSON|writeUpdate|readUpdate|sync|(program)/i;
console.log(
  `${file}: ${stretches.length} busy stretches over ${over} ms (total ${Math.round(t)} ms profiled)`,
);
const after = Number(process.argv.find((a) => a.startsWith('--after='))?.slice(8) ?? 0);
for (const s of stretches
  .filter((x) => x.start / 1000 >= after)
  .sort((a, b) => b.ms - a.ms)
  .slice(0, 12)) {
  const top = [...s.inclusive.entries()]
    .filter(([frame]) => interesting.test(frame))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([frame, ms]) => `${frame} ${ms.toFixed(1)}`);
  console.log(`at ${(s.start / 1000).toFixed(2)} s: ${s.ms.toFixed(1)} ms busy\n    ${top.join('\n    ')}`);
}
