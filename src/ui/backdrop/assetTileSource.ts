import type { BackgroundSource } from '../../render/BackgroundLayer';
import { assetInfo, fetchTile } from '../assets/assetClient';

/**
 * Battlemap tiles from the room's asset API (docs/server.md, "Images"), with the room link's
 * token. Answers are immutable (content-addressed), so the browser cache serves a tile seen before.
 */
export function assetTileSource(roomId: string, token: string): BackgroundSource {
  const api = { token };
  return {
    levels: (asset) => assetInfo(api, roomId, asset),
    tile: (asset, t, signal) => fetchTile(api, roomId, asset, t.level, t.column, t.row, signal),
  };
}
