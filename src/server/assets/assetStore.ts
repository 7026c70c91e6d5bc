import type { AssetCaps, AssetInfoRow, AssetRefusal, Storage } from '../storage/Storage';
import type { CutImage } from './cutImage';
import { ImageRefusedError } from './cutImage';
import { megabytes } from './assetLimits';

/** `GET …/assets/<hash>`: what the renderer needs to ask for tiles. */
export type AssetInfo = AssetInfoRow;

/** A room's image caps in words, for the 409 that refuses an image. */
export function refusalText({ reason, count, bytes, size }: AssetRefusal, caps?: AssetCaps): string {
  if (reason === 'count')
    return `this room already holds ${count} images${caps ? `; at most ${caps.maxRoomAssets}` : ''}`;
  return `this room's images would total ${megabytes(bytes + size)}${caps ? `; at most ${megabytes(caps.maxRoomBytes)}` : ''}`;
}

/**
 * Images in the room storage (tables `assets`, `asset_tiles`, `room_assets`), with the same
 * durability as rooms: an answered upload survives kill -9. An asset is stored once per content
 * hash; a room links to the assets it uses. Refusals past a room's caps come as ImageRefusedError.
 */
export class AssetStore {
  constructor(private readonly storage: Storage) {}

  has(hash: string): Promise<boolean> {
    return this.storage.hasAsset(hash);
  }

  isLinked(roomId: string, hash: string): Promise<boolean> {
    return this.storage.isAssetLinked(roomId, hash);
  }

  info(hash: string): Promise<AssetInfo | undefined> {
    return this.storage.assetInfo(hash);
  }

  image(hash: string) {
    return this.storage.assetImage(hash);
  }

  tile(hash: string, level: number, column: number, row: number) {
    return this.storage.assetTile(hash, level, column, row);
  }

  /** Every image a room links to, oldest link first (room export). */
  roomImages(roomId: string) {
    return this.storage.roomImages(roomId);
  }

  /** Store `image` (unless stored already) and link it to `roomId`, refusing past the room's caps. */
  async put(roomId: string, image: CutImage | string, caps: AssetCaps): Promise<void> {
    const refusal = await this.storage.putRoomAsset(roomId, image, caps);
    if (refusal) throw new ImageRefusedError(409, refusalText(refusal, caps));
  }
}
