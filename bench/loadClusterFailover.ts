import type { LocalCluster } from '../src/server/cluster/localCluster';
import { runIntents } from './loadIntents';
import type { OurRoom } from './loadRooms';
import { readEvents, roomsServedBy, servedAgainAt } from './loadClusterEvents';
import type { ServingLine } from './loadClusterEvents';
import type { FailoverResult } from './loadClusterReport';
import type { ClusterTraffic } from './loadClusterTraffic';

/**
 * The failover of `npm run load:cluster`, on a cluster under GM traffic: kill -9 of the server
 * process serving most rooms (its rooms from its EVENTS_FILE serving lines), how long each of them
 * takes to be served again (the clients' y-websocket providers reconnect by themselves, HAProxy
 * sends them to the next process on the ring once its health check finds the killed one down),
 * then its restart and the rooms' way back to it (the ring gives them back; a player's intent
 * over HTTP reaches the restarted process, which asks the holder by NOTIFY to hand the room over).
 */

export type FailoverFigures = Pick<
  FailoverResult,
  | 'killed'
  | 'movedRooms'
  | 'firstSyncMs'
  | 'allBackMs'
  | 'claimedMs'
  | 'neverBack'
  | 'gmDuringMs'
  | 'intentErrorsDuring'
  | 'intentsDuring'
  | 'intentErrorSamples'
  | 'handBackMs'
  | 'handBackPauseMs'
  | 'handBackExpected'
>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runFailover(
  cluster: LocalCluster,
  target: { readonly origin: string; readonly rooms: OurRoom[]; readonly eventsFile: string },
  traffic: ClusterTraffic,
  options: { failoverSeconds: number; afterRestartSeconds: number; intentRate: number },
): Promise<{ figures: FailoverFigures; endOf(pid: number): number }> {
  const before = readEvents(target.eventsFile);
  const served = cluster.processes.map((p) => {
    const pid = p.pid();
    return pid === undefined ? new Set<string>() : roomsServedBy(before, pid);
  });
  const index = served.reduce((best, rooms, i) => (rooms.size > served[best]!.size ? i : best), 0);
  const victim = cluster.processes[index]!;
  const killedPid = victim.pid()!;
  const moved = [...served[index]!];

  const gmDuringMs: number[] = [];
  traffic.measure(gmDuringMs);
  // Players keep acting throughout (and their intents are what bring the rooms back after the restart).
  const intents = runIntents(target.origin, target.rooms, {
    seconds: options.failoverSeconds + options.afterRestartSeconds,
    rate: options.intentRate,
    warmupSeconds: 0,
  });

  const killPerf = performance.now();
  const killWall = Date.now();
  await cluster.kill(index);
  const killedWall = Date.now();

  const allBack = new Map<string, number>();
  const failoverEnd = killPerf + options.failoverSeconds * 1000;
  while (performance.now() < failoverEnd) {
    for (const room of moved)
      if (
        !allBack.has(room) &&
        traffic.firstSyncAfter(room, killPerf) !== undefined &&
        traffic.allSynced(room)
      )
        allBack.set(room, performance.now() - killPerf);
    await sleep(25);
  }
  const afterKill = readEvents(target.eventsFile);
  const firstSyncMs: number[] = [];
  const claimedMs: number[] = [];
  const neverBack: string[] = [];
  for (const room of moved) {
    const first = traffic.firstSyncAfter(room, killPerf);
    if (first === undefined) neverBack.push(room);
    else firstSyncMs.push(first - killPerf);
    const claimed = servedAgainAt(afterKill, room, killedPid, killWall);
    if (claimed) claimedMs.push(claimed.at - killWall);
  }

  await cluster.restart(index);
  const restartWall = Date.now(); // it listens again
  const restartPerf = performance.now();
  const newPid = victim.pid();
  await sleep(options.afterRestartSeconds * 1000);
  traffic.measure(undefined);
  const intentResult = await intents;
  const afterRestart = readEvents(target.eventsFile);
  const handBackMs = moved
    .map((room) =>
      afterRestart.find(
        (e): e is ServingLine =>
          e.kind === 'serving' && e.pid === newPid && e.roomId === room && e.serving && e.at >= restartWall,
      ),
    )
    .filter((e) => e !== undefined)
    .map((e) => e.at - restartWall);

  // The pause a room's GM sees while it hands back: its socket closed (CLOSE_ROOM_MOVED) → synced again.
  const handBackPauseMs = traffic.checks
    .filter((check) => check.closedAt >= restartPerf && moved.includes(check.roomId))
    .map((check) => check.at - check.closedAt);

  return {
    figures: {
      handBackPauseMs,
      killed: `${victim.name} (pid ${killedPid})`,
      movedRooms: moved,
      firstSyncMs,
      allBackMs: [...allBack.values()],
      claimedMs,
      neverBack,
      gmDuringMs,
      intentErrorsDuring: intentResult.errors,
      intentsDuring: intentResult.sent,
      intentErrorSamples: [...new Set(intentResult.errorSamples)],
      handBackMs,
      handBackExpected: moved.length,
    },
    endOf: (pid) => (pid === killedPid ? killedWall : Date.now()),
  };
}
