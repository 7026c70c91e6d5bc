import type { Store } from '../store';
import type { TileLevel } from '../../schema/tilePyramid';
import type { CutImage } from './cutImage';
import { ImageRefusedError } from './cutImage';
import type { ImageFormat } from './sniffImage';
import { megabytes } from './assetLimits';

/** `GET …/assets/<hash>`: what the renderer needs to ask for tiles. */
export interface AssetInfo {
  readonly hash: string;
  readonly width: number;
  readonly height: number;
  readonly tileSize: number;
  readonly levels: readonly TileLevel[];
}

/**
 * Images in the room database (tables `assets`, `asset_tiles`, `room_assets` in store.ts), on
 * the same connection as rooms, so with the same durability: an answered upload survives kill -9.
 * An asset is stored once per content hash; a room links to the assets it uses.
 */
export class AssetStore {
  private readonly stmts;

  constructor(private readonly store: Store) {
    this.stmts = {
      has: store.prepare('SELECT 1 FROM assets WHERE hash = ?').pluck(),
      info: store.prepare(
        'SELECT hash, width, height, tile_size AS tileSize, levels FROM assets WHERE hash = ?',
      ),
      image: store.prepare('SELECT format, data FROM assets WHERE hash = ?'),
      tile: store
        .prepare('SELECT data FROM asset_tiles WHERE hash = ? AND level = ? AND col = ? AND row = ?')
        .pluck(),
      linked: store.prepare('SELECT 1 FROM room_assets WHERE room_id = ? AND hash = ?').pluck(),
      usage: store.prepare(
        'SELECT COUNT(*) AS count, COALESCE(SUM(LENGTH(a.data)), 0) AS bytes FROM room_assets r JOIN assets a ON a.hash = r.hash WHERE r.room_id = ?',
      ),
      size: store.prepare('SELECT LENGTH(data) FROM assets WHERE hash = ?').pluck(),
      insert: store.prepare(
        'INSERT OR IGNORE INTO assets (hash, format, width, height, tile_size, levels, data, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      insertTile: store.prepare(
        'INSERT OR IGNORE INTO asset_tiles (hash, level, col, row, data) VALUES (?, ?, ?, ?, ?)',
      ),
      link: store.prepare('INSERT OR IGNORE INTO room_assets (room_id, hash) VALUES (?, ?)'),
      roomImages: store.prepare(
        'SELECT a.hash, a.data FROM room_assets r JOIN assets a ON a.hash = r.hash WHERE r.room_id = ? ORDER BY r.rowid',
      ),
    };
  }

  has(hash: string): boolean {
    return this.stmts.has.get(hash) !== undefined;
  }

  isLinked(roomId: string, hash: string): boolean {
    return this.stmts.linked.get(roomId, hash) !== undefined;
  }

  info(hash: string): AssetInfo | undefined {
    const row = this.stmts.info.get(hash) as (Omit<AssetInfo, 'levels'> & { levels: string }) | undefined;
    return row && { ...row, levels: JSON.parse(row.levels) as TileLevel[] };
  }

  image(hash: string): { format: ImageFormat; data: Buffer } | undefined {
    return this.stmts.image.get(hash) as { format: ImageFormat; data: Buffer } | undefined;
  }

  tile(hash: string, level: number, column: number, row: number): Buffer | undefined {
    return this.stmts.tile.get(hash, level, column, row) as Buffer | undefined;
  }

  /** Every image a room links to, oldest link first (room export). */
  roomImages(roomId: string): { hash: string; data: Buffer }[] {
    return this.stmts.roomImages.all(roomId) as { hash: string; data: Buffer }[];
  }

  /**
   * Store `image` (unless stored already) and link it to `roomId`, refusing past the room's caps;
   * call inside a transaction with whatever else must land with it. Nothing is written when refused.
   */
  put(roomId: string, image: CutImage | string, caps: { maxRoomAssets: number; maxRoomBytes: number }): void {
    const hash = typeof image === 'string' ? image : image.hash;
    if (this.isLinked(roomId, hash)) return;
    const usage = this.stmts.usage.get(roomId) as { count: number; bytes: number };
    if (usage.count + 1 > caps.maxRoomAssets)
      throw new ImageRefusedError(
        409,
        `this room already holds ${usage.count} images; at most ${caps.maxRoomAssets}`,
      );
    const size = typeof image === 'string' ? (this.stmts.size.get(hash) as number) : image.bytes.length;
    if (usage.bytes + size > caps.maxRoomBytes)
      throw new ImageRefusedError(
        409,
        `this room's images would total ${megabytes(usage.bytes + size)}; at most ${megabytes(caps.maxRoomBytes)}`,
      );
    this.store.transaction(() => {
      if (typeof image !== 'string') {
        const { format, width, height, tileSize, levels, bytes, tiles } = image;
        const levelsJson = JSON.stringify(levels);
        this.stmts.insert.run(hash, format, width, height, tileSize, levelsJson, bytes, Date.now());
        for (const t of tiles) this.stmts.insertTile.run(hash, t.level, t.column, t.row, t.data);
      }
      this.stmts.link.run(roomId, hash);
    });
  }
}
