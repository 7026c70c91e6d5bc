import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashToken, newRoomId } from './auth';
import { listJsonFiles } from './catalog';
import { joinLink } from './context';
import type { ServerContext } from './context';
import { initialUpdates } from './RoomManager';
import { seedDocs, TABLE_IMPLEMENTATION } from './tableBridge';
import type { RoomInput } from './tableBridge';
import type { WriteBatch } from './storage/Storage';

const DEMO_KEY = 'demo-room';
/** In DATA_DIR, beside the database: the secret the demo tokens derive from (mode 0600). */
export const DEMO_KEY_FILE = 'demo.key';

/** What the kv table keeps about the demo room: no token, only the hashes (to replace them). */
interface DemoRecord {
  roomId: string;
  gmTokenHash?: string;
  playerTokenHash?: string;
  /** Older builds kept the plaintext tokens here; they are dropped on the next start. */
  gmToken?: string;
  playerToken?: string;
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

const PLAYER_NAME = 'Demo player';

/**
 * Open the demo room, creating it on first start from the sample files (maps/arena.json, its
 * encounter, encounters/parties/sample-party.json). Its tokens are derived (HMAC-SHA256) from
 * DATA_DIR/demo.key, so the links stay the same across restarts while the database holds only
 * their hashes: a copied database alone does not open the demo room. Undefined when no sample
 * map exists yet.
 */
export async function openDemoRoom(ctx: ServerContext, origin: string): Promise<DemoLinks | undefined> {
  const key = demoKey(ctx.dataDir);
  const stored = await ctx.storage.getKv(DEMO_KEY);
  if (stored) {
    const record = JSON.parse(stored) as DemoRecord;
    if ((await ctx.storage.getRoom(record.roomId)) && record.seededBy === TABLE_IMPLEMENTATION) {
      return links(key, await ensureTokens(ctx, key, record), origin, false);
    }
  }
  const input = demoInput(ctx.rootDir);
  if (!input) return undefined;
  const roomId = newRoomId();
  let characterIds: string[] = [];
  const initial = initialUpdates((publicDoc, secretsDoc) => {
    // The demo player commands the first one or two PCs the seeding placed.
    characterIds = seedDocs(publicDoc, secretsDoc, input).characterIds.slice(0, 2);
  });
  const tokens = tokensRecord(key, {
    roomId,
    playerName: PLAYER_NAME,
    characterIds,
    seededBy: TABLE_IMPLEMENTATION,
  });
  await ctx.rooms.create(roomId, initial, { demo: true }, (batch) => writeTokens(batch, tokens));
  return links(key, tokens.next, origin, true);
}

/** The demo room's two tokens: HMAC of the room id and role under the DATA_DIR key (base64url). */
function demoToken(key: Buffer, roomId: string, role: 'gm' | 'player'): string {
  return createHmac('sha256', key).update(`icon-vtt demo ${roomId} ${role}`).digest('base64url');
}

/**
 * Make the stored token rows match the tokens `key` derives (a new key, or a record of an older
 * build, replaces them) and store the record without plaintext. Returns the record as stored.
 */
async function ensureTokens(ctx: ServerContext, key: Buffer, record: DemoRecord): Promise<DemoRecord> {
  const tokens = tokensRecord(key, record);
  const { gmTokenHash: gmHash, playerTokenHash: playerHash } = tokens.next;
  const current = record.gmTokenHash === gmHash && record.playerTokenHash === playerHash;
  if (current && (await ctx.storage.getToken(gmHash!)) && (await ctx.storage.getToken(playerHash!)))
    return record;
  await ctx.storage.write((batch) => writeTokens(batch, tokens));
  return tokens.next;
}

/** The record `key` derives for a room, beside the one it replaces. */
function tokensRecord(key: Buffer, record: DemoRecord): { previous: DemoRecord; next: DemoRecord } {
  const gmHash = hashToken(demoToken(key, record.roomId, 'gm'));
  const playerHash = hashToken(demoToken(key, record.roomId, 'player'));
  const next: DemoRecord = {
    roomId: record.roomId,
    gmTokenHash: gmHash,
    playerTokenHash: playerHash,
    playerName: record.playerName,
    characterIds: record.characterIds,
    seededBy: record.seededBy,
  };
  return { previous: record, next };
}

/** Replace the old token rows by the derived ones and store the record (no plaintext), in one commit. */
function writeTokens(
  batch: WriteBatch,
  { previous, next }: { previous: DemoRecord; next: DemoRecord },
): void {
  const plaintext = [previous.gmToken, previous.playerToken].map((token) => token && hashToken(token));
  for (const hash of [
    previous.gmTokenHash,
    previous.playerTokenHash,
    ...plaintext,
    next.gmTokenHash,
    next.playerTokenHash,
  ])
    if (hash) batch.deleteToken(hash);
  batch.insertToken({
    tokenHash: next.gmTokenHash!,
    roomId: next.roomId,
    role: 'gm',
    name: 'GM',
    characterIds: [],
  });
  batch.insertToken({
    tokenHash: next.playerTokenHash!,
    roomId: next.roomId,
    role: 'player',
    name: next.playerName,
    characterIds: next.characterIds,
  });
  batch.setKv(DEMO_KEY, JSON.stringify(next));
}

/** DATA_DIR/demo.key: 32 random bytes, created once, readable by the server's user only. */
function demoKey(dataDir: string): Buffer {
  const path = join(dataDir, DEMO_KEY_FILE);
  if (!existsSync(path)) {
    // 'wx': never overwrite a key another process just wrote.
    try {
      writeFileSync(path, randomBytes(32).toString('base64url') + '\n', { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const key = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64url');
  if (key.length < 16) throw new Error(`${path}: expected at least 16 bytes of key, base64url`);
  return key;
}

function links(key: Buffer, record: DemoRecord, origin: string, created: boolean): DemoLinks {
  return {
    roomId: record.roomId,
    gmLink: joinLink(origin, record.roomId, demoToken(key, record.roomId, 'gm')),
    playerLink: joinLink(origin, record.roomId, demoToken(key, record.roomId, 'player')),
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
