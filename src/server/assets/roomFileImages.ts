import { z } from 'zod';
import { base64Length, RoomFileAssetsSchema } from '../../schema/room';
import type { RoomFileAsset } from '../../schema/room';
import { MAX_ROOM_ASSET_BYTES } from '../../schema/limits';
import { MAX_SCENE_BYTES, MAX_SCENES } from '../../schema/scene';
import type { ServerContext } from '../context';
import { HttpError, MAX_BODY_BYTES, parseBody } from '../http/json';
import { assetsOf, busyError } from './assetService';
import { ImageJobsBusyError } from './imageJobs';
import type { CutImage } from './cutImage';
import { checkImage, cutImage, ImageRefusedError, sha256Hex } from './cutImage';
import type { WriteBatch } from '../storage/Storage';

/**
 * A room file's images (`assets`, src/schema/room.ts): written by the export, checked and stored
 * by the import. The import body may be as large as a room without images and scenes
 * (MAX_BODY_BYTES), plus its kept scenes at their bound, plus a room's images in base64, and no
 * larger: the largest room a table can make exports a file that imports again.
 */
export const MAX_ROOM_IMPORT_BYTES =
  MAX_BODY_BYTES + MAX_SCENES * MAX_SCENE_BYTES + base64Length(MAX_ROOM_ASSET_BYTES) + 64 * 1024;

/** The room file with the room's images added (none: no `assets` key). */
export async function withRoomImages(ctx: ServerContext, roomId: string, file: unknown): Promise<unknown> {
  const images = await assetsOf(ctx).store.roomImages(roomId);
  if (!images.length) return file;
  const assets: RoomFileAsset[] = images.map(({ hash, data }) => ({
    hash,
    data: Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64'),
  }));
  return { ...(file as object), assets };
}

/** The file without its images (the docs never hold them). */
export function withoutImages(file: unknown): unknown {
  if (typeof file !== 'object' || file === null || !('assets' in file)) return file;
  const { assets: _images, ...rest } = file as Record<string, unknown>;
  return rest;
}

/** Images ready to store: cut, or the hash of one the server holds already. */
export type ImportedImages = readonly (CutImage | string)[];

/**
 * Check every image of an imported room file exactly as an upload of a map is checked (bytes
 * sniffed, size from the header, decoded and cut with a time bound, one job at a time), and that
 * its bytes are what its id says. Nothing is stored here: `storeImportedImages` does it inside
 * the new room's transaction. The first bad image refuses the whole file, naming it.
 */
export async function checkImportedImages(ctx: ServerContext, file: unknown): Promise<ImportedImages> {
  const list = typeof file === 'object' && file !== null ? (file as { assets?: unknown }).assets : undefined;
  if (list === undefined) return [];
  // Parsed under its key, so problems are named "assets.0.hash: …" like the rest of the file.
  const { assets } = parseBody(z.object({ assets: RoomFileAssetsSchema }), { assets: list }, 'room file');
  const service = assetsOf(ctx);
  const place = service.jobs.admit();
  if (!place) throw busyError();
  const ready: (CutImage | string)[] = [];
  const timeoutMs = service.options.jobTimeoutMs;
  try {
    for (const [i, { hash, data }] of assets.entries()) {
      const where = `room file: image ${i + 1} of ${assets.length}`;
      const bytes = Buffer.from(data, 'base64');
      if (sha256Hex(bytes) !== hash)
        throw new HttpError(
          400,
          `${where}: its bytes do not match its id (the file was changed or cut short)`,
        );
      if (await service.store.has(hash)) {
        ready.push(hash);
        continue;
      }
      try {
        ready.push(
          await service.jobs.run(async () => cutImage(await checkImage(bytes, timeoutMs), timeoutMs)),
        );
      } catch (error) {
        if (error instanceof ImageRefusedError)
          throw new HttpError(error.status, `${where}: ${error.message}`);
        if (error instanceof ImageJobsBusyError) throw busyError();
        throw error;
      }
    }
  } finally {
    place.leave();
  }
  return ready;
}

/** Store the checked images and link them to the new room, in its creating commit (a refusal fails it). */
export function storeImportedImages(
  ctx: ServerContext,
  batch: WriteBatch,
  roomId: string,
  images: ImportedImages,
): void {
  const { options } = assetsOf(ctx);
  for (const image of images) batch.putRoomAsset(roomId, image, options);
}
