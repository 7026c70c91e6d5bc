import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { issueToken, newRoomId } from './auth';
import { listJsonFiles } from './catalog';
import { joinLink } from './context';
import type { ServerContext } from './context';
import { initialUpdates } from './RoomManager';
import { seedDocs, TABLE_IMPLEMENTATION } from './tableBridge';
import type { RoomInput } from './tableBridge';

const DEMO_KEY = 'demo-room';

interface DemoRecord {
  roomId: string;
  gmToken: string;
  playerToken: string;
  playerName: string;
  characterIds: string[];
  /** Which seeding made it: a stub-seeded demo is replaced once the real one is available. */
  seededBy: string;
}

export interface DemoLinks {
  readonly roomId: string;
  readonly gmLink: string;
  readonly playerLink: string;
  readonly playerName: string;
  readonly characterIds: readonly string[];
  readonly created: boolean;
}

/**
 * Open the demo room, creating it on first start from the sample files (maps/arena.json, its
 * encounter, encounters/parties/sample-party.json). Its tokens live in DATA_DIR, so the links
 * stay the same across restarts. Undefined when no sample map exists yet.
 */
export function openDemoRoom(ctx: ServerContext, origin: string): DemoLinks | undefined {
  const stored = ctx.store.getKv(DEMO_KEY);
  if (stored) {
    const record = JSON.parse(stored) as DemoRecord;
    if (ctx.store.getRoom(record.roomId) && record.seededBy === TABLE_IMPLEMENTATION) {
      return links(record, origin, false);
    }
  }
  const input = demoInput(ctx.rootDir);
  if (!input) return undefined;
  const roomId = newRoomId();
  let record: DemoRecord | undefined;
  let characterIds: string[] = [];
  const initial = initialUpdates((publicDoc, secretsDoc) => {
    // The demo player commands the first one or two PCs the seeding placed.
    characterIds = seedDocs(publicDoc, secretsDoc, input).characterIds.slice(0, 2);
  });
  ctx.rooms.create(roomId, initial, { demo: true }, () => {
    const gmToken = issueToken(ctx.store, roomId, 'gm', 'GM');
    const playerName = 'Demo player';
    const playerToken = issueToken(ctx.store, roomId, 'player', playerName, characterIds);
    record = { roomId, gmToken, playerToken, playerName, characterIds, seededBy: TABLE_IMPLEMENTATION };
    ctx.store.setKv(DEMO_KEY, JSON.stringify(record));
  });
  return links(record!, origin, true);
}

function links(record: DemoRecord, origin: string, created: boolean): DemoLinks {
  return {
    roomId: record.roomId,
    gmLink: joinLink(origin, record.roomId, record.gmToken),
    playerLink: joinLink(origin, record.roomId, record.playerToken),
    playerName: record.playerName,
    characterIds: record.characterIds,
    created,
  };
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8')) as unknown;
}

/** The sample files, when they exist: a map (arena.json first), its encounter, the sample party. */
function demoInput(rootDir: string): RoomInput | undefined {
  const mapsDir = join(rootDir, 'maps');
  const mapFile = existsSync(join(mapsDir, 'arena.json')) ? 'arena.json' : listJsonFiles(mapsDir)[0];
  if (!mapFile) return undefined;
  const map = readJson(join(mapsDir, mapFile));
  const encountersDir = join(rootDir, 'encounters');
  const encounter = listJsonFiles(encountersDir)
    .map((file) => readJson(join(encountersDir, file)) as { map?: unknown })
    .find((candidate) => candidate.map === mapFile || candidate.map === `maps/${mapFile}`);
  const partyPath = join(encountersDir, 'parties', 'sample-party.json');
  const party = existsSync(partyPath) ? readJson(partyPath) : undefined;
  // Foes start revealed in the demo so a first look shows the whole fight.
  return { map, ...(encounter ? { encounter } : {}), ...(party ? { party } : {}), revealFoes: true };
}
