import type pg from 'pg';
import type { ImageFormat } from '../assets/sniffImage';
import type { TileLevel } from '../../schema/tilePyramid';
import type { AssetInfoRow } from './Storage';

/** The image reads of postgresStorage.ts, on its read pool (writes are postgresStatements.ts's). */

export type Read = <R extends pg.QueryResultRow>(sql: string, params: unknown[]) => Promise<R[]>;

export async function hasAsset(read: Read, hash: string): Promise<boolean> {
  return (await read('SELECT 1 FROM assets WHERE hash = $1', [hash])).length > 0;
}

export async function isAssetLinked(read: Read, roomId: string, hash: string): Promise<boolean> {
  return (
    (await read('SELECT 1 FROM room_assets WHERE room_id = $1 AND hash = $2', [roomId, hash])).length > 0
  );
}

export async function assetInfo(read: Read, hash: string): Promise<AssetInfoRow | undefined> {
  const [row] = await read<Omit<AssetInfoRow, 'levels'> & { levels: string }>(
    'SELECT hash, width, height, tile_size AS "tileSize", levels FROM assets WHERE hash = $1',
    [hash],
  );
  return row && { ...row, levels: JSON.parse(row.levels) as TileLevel[] };
}

export async function assetImage(
  read: Read,
  hash: string,
): Promise<{ format: ImageFormat; data: Uint8Array } | undefined> {
  const [row] = await read<{ format: ImageFormat; data: Buffer }>(
    'SELECT format, data FROM assets WHERE hash = $1',
    [hash],
  );
  return row;
}

export async function assetTile(
  read: Read,
  hash: string,
  level: number,
  column: number,
  row: number,
): Promise<Uint8Array | undefined> {
  const [tile] = await read<{ data: Buffer }>(
    'SELECT data FROM asset_tiles WHERE hash = $1 AND level = $2 AND col = $3 AND row = $4',
    [hash, level, column, row],
  );
  return tile?.data;
}

export function roomImages(read: Read, roomId: string): Promise<{ hash: string; data: Uint8Array }[]> {
  return read<{ hash: string; data: Buffer }>(
    'SELECT a.hash, a.data FROM room_assets r JOIN assets a ON a.hash = r.hash WHERE r.room_id = $1 ORDER BY r.ord',
    [roomId],
  );
}
