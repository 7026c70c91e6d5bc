import { constants, monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import process from 'node:process';

/**
 * Preloaded into the servers `npm run load` starts (`node --import ./bench/serverProbe.mjs`; plain
 * JavaScript, so neither server needs a TypeScript loader, whose thread and caches would count in
 * its memory):
 * measures, inside the server process, how long its event loop was blocked and how long garbage
 * collection paused it, so a latency spike can be traced to its cause instead of guessed.
 * On SIGUSR2 it prints one line `probe {json}` (ms) to stdout and resets.
 */
const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();
/** @type {number[]} */
let gc = [];
/** Pauses of major (mark-compact) collections only: their length grows with the live heap. */
/** @type {number[]} */
let major = [];
let heapPeak = 0;
let cpu = process.cpuUsage();
// How long the main thread was busy (not idle in the event loop), apart from other threads' CPU.
let elu = performance.eventLoopUtilization();
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gc.push(entry.duration);
    if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) major.push(entry.duration);
  }
  heapPeak = Math.max(heapPeak, getHeapStatistics().used_heap_size);
}).observe({ entryTypes: ['gc'] });

process.on('SIGUSR2', () => {
  const ms = (/** @type {number} */ ns) => Math.round(ns / 1e4) / 100;
  const sorted = [...gc].sort((a, b) => a - b);
  const used = process.cpuUsage(cpu);
  const stats = {
    cpuMs: Math.round((used.user + used.system) / 1000),
    mainBusyMs: Math.round(performance.eventLoopUtilization(elu).active),
    loopP99: ms(loop.percentile(99)),
    loopMax: ms(loop.max),
    gcCount: gc.length,
    gcTotal: Math.round(gc.reduce((a, b) => a + b, 0)),
    gcOver10: gc.filter((d) => d > 10).length,
    gcMax: Math.round((sorted.at(-1) ?? 0) * 10) / 10,
    gcMajor: major.length,
    gcMajorMax: Math.round(Math.max(0, ...major) * 10) / 10,
    heapMiB: Math.round(Math.max(heapPeak, getHeapStatistics().used_heap_size) / 1048576),
  };
  process.stdout.write(`probe ${JSON.stringify(stats)}\n`);
  loop.reset();
  gc = [];
  major = [];
  heapPeak = 0;
  cpu = process.cpuUsage();
  elu = performance.eventLoopUtilization();
});
