import type { AssetLevels, TileId } from '../../render/backgroundTiles';
import type { BackgroundSource } from '../../render/BackgroundLayer';

/**
 * Battlemap tiles from the room's asset API (docs/server.md, "Images"): the pyramid's levels and
 * one WebP tile at a time, with the room's token. Answers are immutable (content-addressed), so
 * the browser cache serves a tile seen before.
 */
export function assetTileSource(roomId: string, token: string): BackgroundSource {
  const base = `/api/rooms/${encodeURIComponent(roomId)}/assets`;
  const get = async (url: string, signal: AbortSignal): Promise<Response> => {
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal });
    if (!res.ok) throw new Error(`${res.status} ${await res.text().catch(() => '')}`.trim());
    return res;
  };
  return {
    levels: async (asset, signal) => (await (await get(`${base}/${asset}`, signal)).json()) as AssetLevels,
    tile: async (asset, t: TileId, signal) =>
      createImageBitmap(
        await (await get(`${base}/${asset}/tiles/${t.level}/${t.column}/${t.row}`, signal)).blob(),
      ),
  };
}
