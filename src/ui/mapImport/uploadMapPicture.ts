import { ApiError, serverReason } from '../api';

/**
 * Stores a map picture as a room asset (POST /api/rooms/:roomId/assets?purpose=map, docs/server.md)
 * and answers its id and decoded size. The GM's bearer token is the one in the page's link.
 * TODO(assets): use src/ui/assets/assetClient.ts `uploadImage` once the assets branch lands.
 */
export async function uploadMapPicture(
  roomId: string,
  bytes: Uint8Array,
): Promise<{ hash: string; width: number; height: number }> {
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const path = `/api/rooms/${encodeURIComponent(roomId)}/assets?purpose=map`;
  const response = await fetch(path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    body: bytes as BodyInit,
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok)
    throw new ApiError(path, response.status, serverReason(response.status, response.statusText, body));
  return body as { hash: string; width: number; height: number };
}
