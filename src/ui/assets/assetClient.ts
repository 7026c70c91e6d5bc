import { ApiError, serverReason } from '../api';
import { pageRoomLink } from '../pageLink';
import type { TileLevel } from '../../schema/tilePyramid';

/**
 * The image API (src/server/assets/assetRoutes.ts, docs/server.md "Images") from the browser:
 * upload a battlemap or portrait, ask for an image's tile pyramid, fetch tiles and images. Every
 * call carries the room's token as a Bearer header (never in the URL); a refusal is an ApiError
 * whose message is the server's sentence ("the file is 31 MB; at most 25 MB").
 */

/** Who asks: the room link's token, and the server's origin when it is not this page's. */
export interface AssetAccess {
  readonly token: string;
  readonly origin?: string;
}

/** This page's room access: the token of the link it was opened with. */
export function pageAssetAccess(): AssetAccess {
  return { token: pageRoomLink()?.token ?? '' };
}

export type AssetPurpose = 'map' | 'portrait';

export interface UploadedImage {
  readonly hash: string;
  readonly width: number;
  readonly height: number;
}

export interface AssetInfo {
  readonly hash: string;
  readonly width: number;
  readonly height: number;
  readonly tileSize: number;
  /** The last level fits one tile: the low-resolution preview to show first. */
  readonly levels: readonly TileLevel[];
}

const assetPath = (roomId: string, hash: string) =>
  `/api/rooms/${encodeURIComponent(roomId)}/assets/${encodeURIComponent(hash)}`;

async function send(api: AssetAccess, path: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch((api.origin ?? '') + path, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${api.token}` },
  });
  if (res.ok) return res;
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: the status line says it
  }
  throw new ApiError(path, res.status, serverReason(res.status, res.statusText, body));
}

/**
 * Upload an image file (PNG, JPEG or WebP; the server checks the bytes, not the name). Resolves
 * with its id (the SHA-256 of the stored bytes) and size; a portrait comes back at most 512 px.
 */
export async function uploadImage(
  api: AssetAccess,
  roomId: string,
  blob: Blob,
  purpose: AssetPurpose,
): Promise<UploadedImage> {
  const path = `/api/rooms/${encodeURIComponent(roomId)}/assets?purpose=${purpose}`;
  const res = await send(api, path, {
    method: 'POST',
    body: blob,
    headers: { 'content-type': blob.type || 'application/octet-stream' },
  });
  const body = (await res.json()) as UploadedImage;
  return { hash: body.hash, width: body.width, height: body.height };
}

/** Info answers never change for a hash: keep the last few (per room and hash). */
const INFO_CACHE_SIZE = 64;
const infoCache = new Map<string, Promise<AssetInfo>>();

/** An image's size and tile pyramid; cached in memory (and by the browser: immutable). */
export function assetInfo(api: AssetAccess, roomId: string, hash: string): Promise<AssetInfo> {
  const key = `${api.origin ?? ''} ${roomId} ${hash}`;
  const cached = infoCache.get(key);
  if (cached) return cached;
  const asked = send(api, assetPath(roomId, hash)).then((res) => res.json() as Promise<AssetInfo>);
  // A failed answer is not kept: the next call asks again.
  asked.catch(() => infoCache.delete(key));
  infoCache.set(key, asked);
  if (infoCache.size > INFO_CACHE_SIZE) infoCache.delete(infoCache.keys().next().value!);
  return asked;
}

/** One WebP tile of `level` (edge tiles are smaller than tileSize), decoded. */
export async function fetchTile(
  api: AssetAccess,
  roomId: string,
  hash: string,
  level: number,
  column: number,
  row: number,
  signal?: AbortSignal,
): Promise<ImageBitmap> {
  const res = await send(api, `${assetPath(roomId, hash)}/tiles/${level}/${column}/${row}`, { signal });
  return createImageBitmap(await res.blob());
}

/** The image as stored (a portrait, or a map for export), as a Blob with its image type. */
export async function fetchImage(api: AssetAccess, roomId: string, hash: string): Promise<Blob> {
  const res = await send(api, `${assetPath(roomId, hash)}/image`);
  return res.blob();
}
