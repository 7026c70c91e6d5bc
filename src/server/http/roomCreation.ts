import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { z } from 'zod';
import { issueToken, newRoomId } from '../auth';
import { joinLink } from '../context';
import type { ServerContext } from '../context';
import { initialUpdates } from '../RoomManager';
import type { InitialUpdates } from '../RoomManager';
import { importRoomUpdates, seedDocs, validateCatalogFile } from '../tableBridge';
import { readCatalogFile, type Validator } from '../catalog';
import { HttpError, parseBody, readJsonBody, sendJson } from './json';
import { assetsOf } from '../assets/assetService';
import { sortPortraits } from '../../table/portraitRefs';

const CreateRoomBodySchema = z.object({
  map: z.unknown().refine((value) => typeof value === 'object' && value !== null, 'expected a map object'),
  encounter: z.unknown().optional(),
  /** An encounter of the server's encounters/ folder, by file name (the create screen sends this). */
  encounterFile: z.string().min(1).max(120).optional(),
  party: z.unknown().optional(),
  name: z.string().trim().min(1).max(120).optional(),
  /** Foes start visible instead of hidden in the secrets doc. */
  revealFoes: z.boolean().optional(),
});

/** `POST /api/rooms`: anyone may create a room and becomes its GM. */
export async function createRoom(
  ctx: ServerContext,
  req: IncomingMessage,
  res: ServerResponse,
  origin: string,
): Promise<void> {
  limitRoomCreation(ctx, req);
  const { encounterFile, ...body } = parseBody(CreateRoomBodySchema, await readJsonBody(req), 'request body');
  if (encounterFile !== undefined) {
    if (body.encounter !== undefined)
      throw new HttpError(400, 'send either an encounter or an encounterFile, not both');
    const validate: Validator = (data, where) => validateCatalogFile('encounter', data, where);
    body.encounter = readCatalogFile(join(ctx.rootDir, 'encounters'), encounterFile, validate, 'encounter');
  }
  const portraits = sortPortraits(body, (hash) => assetsOf(ctx).store.has(hash));
  const seed = portraits.value as typeof body;
  let characterIds: string[] = [];
  const initial = contentOr400(() =>
    initialUpdates((publicDoc, secretsDoc) => {
      characterIds = seedDocs(publicDoc, secretsDoc, seed).characterIds;
    }),
  );
  const created = storeNewRoom(ctx, initial, origin, portraits.kept);
  // characterIds: the party's PCs, for the GM's invite screen; notes: portraits left out.
  sendJson(res, 200, { ...created, characterIds, ...notesOf(portraits.notes) });
}

/** `POST /api/rooms/import`: a new room from an exported room file. */
export async function importRoom(
  ctx: ServerContext,
  req: IncomingMessage,
  res: ServerResponse,
  origin: string,
): Promise<void> {
  limitRoomCreation(ctx, req);
  const portraits = sortPortraits(await readJsonBody(req), (hash) => assetsOf(ctx).store.has(hash));
  const initial = contentOr400(() => importRoomUpdates(portraits.value));
  sendJson(res, 200, { ...storeNewRoom(ctx, initial, origin, portraits.kept), ...notesOf(portraits.notes) });
}

/** Portraits named by the files but not on this server: said, not refused (issue 14). */
function notesOf(notes: string[]): { notes?: string[] } {
  return notes.length ? { notes } : {};
}

/** The new room's first content; content the sender got wrong (bad map, bad file) is a 400. */
function contentOr400(build: () => InitialUpdates): InitialUpdates {
  try {
    return build();
  } catch (error) {
    throw new HttpError(400, (error as Error).message);
  }
}

/** Store a new room with its GM token in one commit; what the creator needs to open it. */
function storeNewRoom(
  ctx: ServerContext,
  initial: InitialUpdates,
  origin: string,
  images: readonly string[] = [],
): { roomId: string; gmToken: string; gmLink: string } {
  const roomId = newRoomId();
  let gmToken = '';
  const assets = assetsOf(ctx);
  ctx.rooms.create(roomId, initial, {}, () => {
    gmToken = issueToken(ctx.store, roomId, 'gm', 'GM');
    // The images its stat blocks name become the room's, in the same commit.
    for (const hash of images) assets.store.put(roomId, hash, assets.options);
  });
  return { roomId, gmToken, gmLink: joinLink(origin, roomId, gmToken) };
}

/**
 * Creating and importing rooms costs disk, so each client address gets a token bucket
 * (`ServerOptions.roomsPerHour`); every attempt counts, checked before the body is read.
 */
function limitRoomCreation(ctx: ServerContext, req: IncomingMessage): void {
  if (!ctx.roomCreation) return;
  const verdict = ctx.roomCreation.take(req.socket.remoteAddress ?? 'unknown');
  if (verdict.ok) return;
  const seconds = Math.ceil(verdict.retryAfterMs / 1000);
  throw new HttpError(
    429,
    `too many rooms created from this address (${ctx.roomCreation.capacity} per hour); try again in ${seconds} s`,
    { 'retry-after': String(seconds) },
  );
}
