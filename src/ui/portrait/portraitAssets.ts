import { fetchImage, pageAssetAccess as access, uploadImage } from '../assets/assetClient';
import { outputRect, PORTRAIT_OUT_PX, type Crop } from './cropMath';

/** A cropped portrait, uploaded to the room: its content hash; throws the server's sentence. */
export async function uploadPortrait(roomId: string, image: Blob): Promise<string> {
  return (await uploadImage(access(), roomId, image, 'portrait')).hash;
}

/** A portrait's image for the token layer. */
export async function loadPortrait(roomId: string, hash: string): Promise<ImageBitmap> {
  return createImageBitmap(await fetchImage(access(), roomId, hash));
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
