import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTestImage } from '../../scripts/make-test-image';
import { ApiError } from '../../src/ui/api';
import { assetInfo, fetchImage, fetchTile, uploadImage } from '../../src/ui/assets/assetClient';
import { createRoom, invite, useTestServer } from './helpers';

/** The browser's asset client against the real server (Node's fetch; ImageBitmap stubbed). */
describe('assetClient', () => {
  const server = useTestServer();
  let room: { roomId: string; gmToken: string };
  let png: Buffer;

  beforeAll(async () => {
    room = await createRoom(server.origin);
    png = await makeTestImage({ width: 700, height: 300, square: 50 });
    // Node has no createImageBitmap: stand in with what it was given.
    vi.stubGlobal('createImageBitmap', async (blob: Blob) => ({ width: 0, blob }));
  });
  afterAll(() => vi.unstubAllGlobals());

  it('uploads a file, reads its pyramid (cached), a tile and the image', async () => {
    const gm = { token: room.gmToken, origin: server.origin };
    const uploaded = await uploadImage(
      gm,
      room.roomId,
      new Blob([new Uint8Array(png)], { type: 'image/png' }),
      'map',
    );
    expect(uploaded).toMatchObject({ width: 700, height: 300 });
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const info = await assetInfo(gm, room.roomId, uploaded.hash);
    expect(info.levels.map((l) => [l.width, l.height])).toEqual([
      [700, 300],
      [350, 150],
    ]);
    expect(await assetInfo(gm, room.roomId, uploaded.hash)).toBe(info);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    fetchSpy.mockRestore();

    const tile = (await fetchTile(gm, room.roomId, uploaded.hash, 0, 1, 0)) as unknown as { blob: Blob };
    expect(tile.blob.type).toBe('image/webp');
    const image = await fetchImage(gm, room.roomId, uploaded.hash);
    expect(image.type).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);
  });

  it('a refusal is thrown with the server’s sentence', async () => {
    const player = {
      token: await invite(server.origin, room.roomId, room.gmToken, 'Ash'),
      origin: server.origin,
    };
    const text = new Blob(['hello'], { type: 'image/png' });
    await expect(uploadImage(player, room.roomId, text, 'portrait')).rejects.toThrow(
      'this is not a PNG, JPEG or WebP image',
    );
    const refused = await uploadImage(player, room.roomId, new Blob([new Uint8Array(png)]), 'map').catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).reason).toBe('only the GM may upload a map image');
    await expect(assetInfo(player, room.roomId, 'f'.repeat(64))).rejects.toThrow(
      'this room has no such image',
    );
  });
});
