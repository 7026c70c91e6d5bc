import { serverReason } from '../api';
import { outputRect, PORTRAIT_OUT_PX, type Crop } from './cropMath';

/**
 * The room's image API for portraits (docs/server.md "Images"). The room's token is the page's
 * own (`?token=`, as main.ts reads it).
 * TODO(assets): use src/ui/assets/assetClient.ts once it lands on main.
 */
function roomToken(): string {
  return new URLSearchParams(location.search).get('token') ?? '';
}

/** A cropped portrait, uploaded: its content hash, or throws the server's sentence. */
export async function uploadPortrait(roomId: string, image: Blob): Promise<string> {
  const res = await fetch(`/api/rooms/${encodeURIComponent(roomId)}/assets?purpose=portrait`, {
    method: 'POST',
    headers: { authorization: `Bearer ${roomToken()}`, 'content-type': image.type || 'image/webp' },
    body: image,
  });
  const body = (await res.json().catch(() => undefined)) as { hash?: unknown } | undefined;
  if (!res.ok || typeof body?.hash !== 'string')
    throw new Error(serverReason(res.status, res.statusText, body));
  return body.hash;
}

/** A portrait's image for the token layer. */
export async function loadPortrait(roomId: string, hash: string): Promise<ImageBitmap> {
  const res = await fetch(`/api/rooms/${encodeURIComponent(roomId)}/assets/${hash}/image`, {
    headers: { authorization: `Bearer ${roomToken()}` },
  });
  if (!res.ok) throw new Error(`portrait ${res.status}`);
  return createImageBitmap(await res.blob());
}

/** The crop as a PORTRAIT_OUT_PX square WebP (the circle is cut when drawn, not here). */
export async function renderPortrait(image: ImageBitmap, crop: Crop): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = PORTRAIT_OUT_PX;
  const g = canvas.getContext('2d')!;
  const r = outputRect(image, crop);
  g.imageSmoothingQuality = 'high';
  g.drawImage(image, r.x, r.y, r.width, r.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('this browser could not make the picture'))),
      'image/webp',
      0.9,
    ),
  );
}
