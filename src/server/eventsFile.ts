import { appendFileSync } from 'node:fs';
import type { ServerEvent } from './startServer';

/**
 * EVENTS_FILE: the server's events as JSON lines with a wall-clock time (`npm run load:cluster`
 * reads those of every process: double-owned time, commit sizes). A room starting or stopping to
 * be served is written at once (a kill -9 must not lose it); commits are written in batches.
 */
export function eventsFileWriter(path: string): (event: ServerEvent) => void {
  let pending: string[] = [];
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    if (!pending.length) return;
    appendFileSync(path, pending.join(''));
    pending = [];
  };
  return (event) => {
    pending.push(JSON.stringify({ at: Date.now(), pid: process.pid, ...event }) + '\n');
    if (event.kind === 'serving') flush();
    else timer ??= setTimeout(flush, 200);
  };
}
