import { pageAssetAccess, uploadImage, type UploadedImage } from '../assets/assetClient';

/** Stores an imported map's picture as a room asset; throws the server's sentence when refused. */
export function uploadMapPicture(roomId: string, bytes: Uint8Array): Promise<UploadedImage> {
  return uploadImage(pageAssetAccess(), roomId, new Blob([bytes as BlobPart]), 'map');
}
