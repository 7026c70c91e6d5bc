import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { z } from 'zod';
import { newRoomId, newTokenRow } from '../auth';
import { joinLink } from '../context';
import type { ServerContext } from '../context';
import { initialUpdates } from '../RoomManager';
import type { InitialUpdates } from '../RoomManager';
import { importRoomUpdates, seedDocs, validateCatalogFile } from '../tableBridge';
import { readCatalogFile, type Validator } from '../catalog';
import { HttpError, parseBody, readJsonBody, sendJson, tooManyRequests } from './json';
import {
  checkImportedImages,
  MAX_ROOM_IMPORT_BYTES,
  storeImportedImages,
  withoutImages,
} from '../assets/roomFileImages';
import { assetsOf } from '../assets/assetService';
import { sortPortraits } from '../../table/portraitRefs';
import type { WriteBatch } from '../storage/Storage';
import { AssetRefusedError } from '../storage/Storage';
import { refusalText } from '../assets/assetStore';
import { imageIdsIn } from '../assets/imageIds';

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
  const portraits = sortPortraits(body, await heldImages(ctx, body));
  const seed = portraits.value as typeof body;
  let characterIds: string[] = [];
  const initial = contentOr400(() =>
    initialUpdates((publicDoc, secretsDoc) => {
      characterIds = seedDocs(publicDoc, secretsDoc, seed).characterIds;
    }),
  );
  const created = await storeNewRoom(ctx, initial, origin, (batch, roomId) =>
    linkImages(ctx, batch, roomId, portraits.kept),
  );
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
  const body = await readJsonBody(req, MAX_ROOM_IMPORT_BYTES);
  // Every image checked and cut before anything is written; stored in the room's own commit.
  const images = await checkImportedImages(ctx, body);
  const carried = new Set(images.map((image) => (typeof image === 'string' ? image : image.hash)));
  const file = withoutImages(body);
  const held = await heldImages(ctx, file);
  const onServer = (hash: string) => carried.has(hash) || held(hash);
  const portraits = sortPortraits(file, onServer);
  // A battlemap whose image is neither in the file nor on this server is refused (naming it).
  let named: string[] = [];
  const initial = contentOr400(() => {
    const imported = importRoomUpdates(portraits.value, onServer);
    named = imported.images;
    return imported.initial;
  });
  const created = await storeNewRoom(ctx, initial, origin, (batch, roomId) => {
    storeImportedImages(ctx, batch, roomId, images);
    linkImages(ctx, batch, roomId, [...portraits.kept, ...named]);
  });
  sendJson(res, 200, { ...created, ...notesOf(portraits.notes) });
}

/** Portraits named by the files but not on this server: said, not refused (issue 14). */
function notesOf(notes: string[]): { notes?: string[] } {
  return notes.length ? { notes } : {};
}

/** Link images the server already holds to a new room, in its creating commit. */
function linkImages(ctx: ServerContext, batch: WriteBatch, roomId: string, hashes: readonly string[]): void {
  const { options } = assetsOf(ctx);
  for (const hash of hashes) batch.putRoomAsset(roomId, hash, options);
}

/**
 * Which image ids named in a room's content the server holds (asked before the synchronous
 * seeding): any string shaped like an image id, at most MAX_ASKED of them.
 */
async function heldImages(ctx: ServerContext, content: unknown): Promise<(hash: string) => boolean> {
  const named = [...imageIdsIn(content, MAX_ASKED)];
  const held = await Promise.all(named.map((hash) => ctx.storage.hasAsset(hash)));
  const set = new Set(named.filter((_, i) => held[i]));
  return (hash) => set.has(hash);
}

/** Image ids asked about per new room: a room's images are bounded far below it. */
const MAX_ASKED = 512;

/** The new room's first content; content the sender got wrong (bad map, bad file) is a 400. */
function contentOr400(build: () => InitialUpdates): InitialUpdates {
  try {
    return build();
  } catch (error) {
    throw new HttpError(400, (error as Error).message);
  }
}

/**
 * Store a new room with its GM token and images in one commit; what the creator needs to open
 * it. An image past the room's caps refuses the whole room (409, naming the cap).
 */
async function storeNewRoom(
  ctx: ServerContext,
  initial: InitialUpdates,
  origin: string,
  alsoStore: (batch: WriteBatch, roomId: string) => void = () => {},
): Promise<{ roomId: string; gmToken: string; gmLink: string }> {
  const roomId = newRoomId();
  const gm = newTokenRow(roomId, 'gm', 'GM');
  try {
    await ctx.rooms.create(roomId, initial, {}, (batch) => {
      batch.insertToken(gm.row);
      alsoStore(batch, roomId);
    });
  } catch (error) {
    if (error instanceof AssetRefusedError)
      throw new HttpError(409, `room file: ${refusalText(error.refusal, assetsOf(ctx).options)}`);
    throw error;
  }
  return { roomId, gmToken: gm.token, gmLink: joinLink(origin, roomId, gm.token) };
}

/**
 * Creating and importing rooms costs disk, so each client address gets a token bucket
 * (`ServerOptions.roomsPerHour`); every attempt counts, checked before the body is read.
 */
function limitRoomCreation(ctx: ServerContext, req: IncomingMessage): void {
  if (!ctx.roomCreation) return;
  const verdict = ctx.roomCreation.take(req.socket.remoteAddress ?? 'unknown');
  if (verdict.ok) return;
  const { capacity } = ctx.roomCreation;
  throw tooManyRequests(
    verdict.retryAfterMs,
    (seconds) => `too many rooms created from this address (${capacity} per hour); try again in ${seconds} s`,
  );
}
