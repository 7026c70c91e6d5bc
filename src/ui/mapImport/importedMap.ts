import type { MapImport } from '../../import/importResult';
import { DEFAULT_TERRAIN_OPACITY, type MapData } from '../../schema/map';
import { ApiError } from '../api';
import { assetInfo, pageAssetAccess } from '../assets/assetClient';
import { uploadMapPicture } from './uploadMapPicture';

/**
 * An imported map ready to write into a room (the map editor's "Replace the map", a new scene from
 * a map file): the file's picture stored in the room as its battlemap, and a map file of this app
 * keeping its battlemap only when the image is one of this room's (a file saved in another room
 * names an image this room does not have). `problem` says in words what was left out, or is empty.
 */
export async function importedMap(
  roomId: string,
  result: MapImport,
  picture: Uint8Array | undefined,
): Promise<{ map: MapData; problem: string }> {
  const { background, ...bare } = result.map;
  if (background) {
    try {
      await assetInfo(pageAssetAccess(), roomId, background.asset);
      return { map: result.map, problem: '' };
    } catch {
      return { map: bare, problem: "its battlemap is not among this room's images, so it came without it" };
    }
  }
  const place = result.picture;
  if (!picture || !place) return { map: bare, problem: '' };
  try {
    const stored = await uploadMapPicture(roomId, picture);
    return {
      map: {
        ...bare,
        background: {
          asset: stored.hash,
          imageWidth: stored.width,
          imageHeight: stored.height,
          pixelsPerSquare: place.pixelsPerSquare,
          offsetX: place.offsetX,
          offsetY: place.offsetY,
          terrainOpacity: DEFAULT_TERRAIN_OPACITY,
        },
      },
      problem: '',
    };
  } catch (e) {
    const why = e instanceof ApiError ? e.reason : (e as Error).message;
    return { map: bare, problem: `the picture could not be stored (${why}), so it came without it` };
  }
}
