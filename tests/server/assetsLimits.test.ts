import { beforeAll, describe, expect, it } from 'vitest';
import { makeTestImage } from '../../scripts/make-test-image';
import { configureAssets } from '../../src/server/assets/assetService';
import { createRoom, invite, useTestServer, waitFor } from './helpers';
import { health, upload } from './assetsHelpers';

describe('image upload bounds', () => {
  const server = useTestServer();
  let images: Buffer[];

  beforeAll(async () => {
    images = await Promise.all(
      [1, 2, 3, 4].map((n) => makeTestImage({ width: 300 + n, height: 200, square: 20 + n, format: 'webp' })),
    );
  });

  it('uploads per link are rate limited (429 with Retry-After); another link is not slowed', async () => {
    // The limit's clock stands still while the uploads run: on a loaded machine two uploads once
    // took over a second, the bucket refilled meanwhile and the answer said 9 s.
    let now = 1_000_000;
    configureAssets(server.server.server.ctx, { uploads: { burst: 2, perSecond: 0.1 }, now: () => now });
    const room = await createRoom(server.origin);
    const player = await invite(server.origin, room.roomId, room.gmToken, 'Ash');
    for (const bytes of images.slice(0, 2))
      expect((await upload(server.origin, room.roomId, room.gmToken, bytes)).status).toBe(200);
    const third = await upload(server.origin, room.roomId, room.gmToken, images[2]!);
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBe('10');
    expect(third.body.reason).toBe(
      'too many images uploaded from this link: at most 6 per minute (bursts of 2); try again in 10 s',
    );
    // A second and a half later the wait left is said rounded up.
    now += 1500;
    const fourth = await upload(server.origin, room.roomId, room.gmToken, images[2]!);
    expect(fourth.headers.get('retry-after')).toBe('9');
    expect(fourth.body.reason).toMatch(/try again in 9 s$/);
    expect(
      (await upload(server.origin, room.roomId, player, images[2]!, { purpose: 'portrait' })).status,
    ).toBe(200);
  });

  it('a room holds a bounded number and size of images', async () => {
    configureAssets(server.server.server.ctx, { maxRoomAssets: 2, maxRoomBytes: 1024 * 1024 });
    const room = await createRoom(server.origin);
    for (const bytes of images.slice(0, 2))
      expect((await upload(server.origin, room.roomId, room.gmToken, bytes)).status).toBe(200);
    // The same image again is no new image.
    expect((await upload(server.origin, room.roomId, room.gmToken, images[0]!)).status).toBe(200);
    const third = await upload(server.origin, room.roomId, room.gmToken, images[2]!);
    expect(third.status).toBe(409);
    expect(third.body.reason).toBe('this room already holds 2 images; at most 2');

    configureAssets(server.server.server.ctx, { maxRoomBytes: images[0]!.length + 10 });
    const small = await createRoom(server.origin);
    expect((await upload(server.origin, small.roomId, small.gmToken, images[0]!)).status).toBe(200);
    const over = await upload(server.origin, small.roomId, small.gmToken, images[1]!);
    expect(over.status).toBe(409);
    expect(over.body.reason).toMatch(/^this room's images would total \d+ KB; at most \d+ KB$/);
  });

  it('past the uploads under way the server says it is busy (503, Retry-After); health keeps answering', async () => {
    configureAssets(server.server.server.ctx, { maxUploadsInFlight: 1, maxRunningJobs: 1 });
    const room = await createRoom(server.origin);
    const big = await makeTestImage({ width: 4096, height: 4096, square: 64 });
    const first = upload(server.origin, room.roomId, room.gmToken, big);
    // While the first is being read and cut, a second is refused at once.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const healthAt = Date.now();
    expect(await health(server.origin)).toBe(200);
    expect(Date.now() - healthAt).toBeLessThan(500);
    const second = await upload(server.origin, room.roomId, room.gmToken, images[3]!);
    expect(second.status).toBe(503);
    expect(second.headers.get('retry-after')).toBe('5');
    expect(second.body.reason).toBe('the server is busy preparing other images; try again in 5 s');
    expect((await first).status).toBe(200);
    expect((await upload(server.origin, room.roomId, room.gmToken, images[3]!)).status).toBe(200);
  });

  it('an upload that waits too long for its turn is refused (503), not queued without end', async () => {
    const service = configureAssets(server.server.server.ctx, {
      maxUploadsInFlight: 3,
      maxRunningJobs: 1,
      maxWaitMs: 100,
    });
    const room = await createRoom(server.origin);
    const big = await makeTestImage({ width: 8192, height: 8192, square: 64 });
    const first = upload(server.origin, room.roomId, room.gmToken, big);
    await waitFor(() => service.jobs.busy.running === 1, 'the first image being cut');
    const fresh = await makeTestImage({ width: 99, height: 99, square: 33 });
    const second = await upload(server.origin, room.roomId, room.gmToken, fresh);
    expect(second.status).toBe(503);
    expect(second.body.reason).toBe('the server is busy preparing other images; try again in 5 s');
    expect((await first).status).toBe(200);
  }, 30_000);

  it('image work over its time bound is refused with a sentence; nothing is stored', async () => {
    configureAssets(server.server.server.ctx, { jobTimeoutMs: 1 });
    const room = await createRoom(server.origin);
    const big = await makeTestImage({ width: 8192, height: 8192, square: 128 });
    const answer = await upload(server.origin, room.roomId, room.gmToken, big);
    expect(answer.status).toBe(422);
    expect(answer.body.reason).toBe('this image took too long to prepare; try a smaller one');
    expect(await health(server.origin)).toBe(200);
  }, 30_000);
});
