import { storeOf } from './helpers';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTestImage, pngBomb, squareColour } from '../../scripts/make-test-image';
import { createRoom, invite, useTestServer, waitFor } from './helpers';
import { assetsOf } from '../../src/server/assets/assetService';
import { getAsset, health, streamOf, upload } from './assetsHelpers';
import { setBackground } from '../../src/table/writers/mapWriters';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

interface Info {
  hash: string;
  width: number;
  height: number;
  tileSize: number;
  levels: { level: number; width: number; height: number; columns: number; rows: number }[];
}

describe('image assets: upload, info, tiles, image', () => {
  const server = useTestServer();
  let room: { roomId: string; gmToken: string };
  let playerToken: string;
  let png: Buffer;

  beforeAll(async () => {
    room = await createRoom(server.origin);
    playerToken = await invite(server.origin, room.roomId, room.gmToken, 'Ash');
    png = await makeTestImage({ width: 1300, height: 700, square: 100 });
  });

  it('a PNG map is stored by the hash of its bytes, with a tile pyramid down to one tile', async () => {
    const answer = await upload(server.origin, room.roomId, room.gmToken, png, { contentType: 'image/png' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ hash: sha256(png), width: 1300, height: 700 });

    const base = `/api/rooms/${room.roomId}/assets/${sha256(png)}`;
    const info = await getAsset(server.origin, base, room.gmToken);
    expect(info.status).toBe(200);
    expect(info.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const body = JSON.parse(info.bytes.toString()) as Info;
    expect(body).toEqual({
      hash: sha256(png),
      width: 1300,
      height: 700,
      tileSize: 512,
      levels: [
        { level: 0, width: 1300, height: 700, columns: 3, rows: 2 },
        { level: 1, width: 650, height: 350, columns: 2, rows: 1 },
        { level: 2, width: 325, height: 175, columns: 1, rows: 1 },
      ],
    });

    // A player finds an image only once a doc they receive names it (docs/table/handouts.md
    // "Pictures"): here, once the GM makes it the battlemap.
    for (const tail of ['', '/image', '/tiles/0/0/0'])
      expect((await getAsset(server.origin, `${base}${tail}`, playerToken)).status).toBe(404);
    setBackground(
      { public: server.room(room.roomId).public.doc },
      {
        asset: sha256(png),
        imageWidth: 1300,
        imageHeight: 700,
        pixelsPerSquare: 100,
        offsetX: 0,
        offsetY: 0,
        terrainOpacity: 0.35,
      },
    );

    // The last tile of level 0 is the image's corner: 1300-1024 wide, 700-512 high.
    const corner = await getAsset(server.origin, `${base}/tiles/0/2/1`, playerToken);
    expect(corner.status).toBe(200);
    expect(corner.headers.get('content-type')).toBe('image/webp');
    expect(corner.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(corner.headers.get('content-encoding')).toBeNull();
    const meta = await sharp(corner.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 276, 188]);

    // Pixels line up: the dot of square (11, 6) sits at (1150, 650) in the image, (126, 138) in that tile.
    const { data } = await sharp(corner.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (138 * 276 + 126) * 3;
    const want = squareColour(11, 6);
    expect(Math.abs(data[at]! - want.r)).toBeLessThan(24);
    expect(Math.abs(data[at + 1]! - want.g)).toBeLessThan(24);
    expect(Math.abs(data[at + 2]! - want.b)).toBeLessThan(24);

    const preview = await getAsset(server.origin, `${base}/tiles/2/0/0`, playerToken);
    expect((await sharp(preview.bytes).metadata()).width).toBe(325);

    const image = await getAsset(server.origin, `${base}/image`, playerToken);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('etag')).toBe(`"${sha256(png)}"`);
    expect(image.bytes.equals(png)).toBe(true);

    // A browser asking again with its ETag gets 304 and no body.
    const again = await getAsset(server.origin, `${base}/image`, playerToken, {
      'if-none-match': `"${sha256(png)}"`,
    });
    expect(again.status).toBe(304);

    // Tiles past the pyramid are 404 with a sentence.
    expect((await getAsset(server.origin, `${base}/tiles/0/3/0`, playerToken)).status).toBe(404);
    expect((await getAsset(server.origin, `${base}/tiles/3/0/0`, playerToken)).status).toBe(404);
  });

  it('the same bytes uploaded twice are one asset; JPEG and WebP are stored too', async () => {
    const first = await upload(server.origin, room.roomId, room.gmToken, png);
    const second = await upload(server.origin, room.roomId, room.gmToken, png);
    expect(second.body.hash).toBe(first.body.hash);
    const store = storeOf(server.server.server.ctx);
    expect(store.prepare('SELECT COUNT(*) AS n FROM assets').get()).toEqual({ n: 1 });
    expect(store.prepare('SELECT COUNT(*) AS n FROM room_assets').get()).toEqual({ n: 1 });

    for (const format of ['jpeg', 'webp'] as const) {
      const bytes = await makeTestImage({ width: 600, height: 400, square: 50, format });
      const answer = await upload(server.origin, room.roomId, room.gmToken, bytes);
      expect(answer.body).toEqual({ hash: sha256(bytes), width: 600, height: 400 });
      const image = await getAsset(
        server.origin,
        `/api/rooms/${room.roomId}/assets/${sha256(bytes)}/image`,
        room.gmToken,
      );
      expect(image.headers.get('content-type')).toBe(`image/${format}`);
    }
  });

  it('the bytes decide the format: a PNG sent as a .jpg with a JPEG content type is a PNG', async () => {
    const small = await makeTestImage({ width: 64, height: 64, square: 16 });
    const answer = await upload(server.origin, room.roomId, room.gmToken, small, {
      contentType: 'image/jpeg',
    });
    expect(answer.status).toBe(200);
    const image = await getAsset(
      server.origin,
      `/api/rooms/${room.roomId}/assets/${answer.body.hash}/image`,
      room.gmToken,
    );
    expect(image.headers.get('content-type')).toBe('image/png');
  });

  it('a portrait from a player is shrunk to at most 512 on a side', async () => {
    const big = await makeTestImage({ width: 1024, height: 768, square: 64, format: 'jpeg' });
    const answer = await upload(server.origin, room.roomId, playerToken, big, { purpose: 'portrait' });
    expect(answer.status).toBe(200);
    expect([answer.body.width, answer.body.height]).toEqual([512, 384]);
    // Read back as the GM (a player finds it once a doc names it, as the first test shows).
    const image = await getAsset(
      server.origin,
      `/api/rooms/${room.roomId}/assets/${answer.body.hash}/image`,
      room.gmToken,
    );
    expect(sha256(image.bytes)).toBe(answer.body.hash);
    const meta = await sharp(image.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 512, 384]);
  });

  it('refuses what is not a PNG, JPEG or WebP, whatever its name or content type says', async () => {
    const text = Buffer.from('this is a text file, not a picture\n'.repeat(20));
    const answer = await upload(server.origin, room.roomId, room.gmToken, text, { contentType: 'image/png' });
    expect(answer.status).toBe(415);
    expect(answer.body.reason).toBe('this is not a PNG, JPEG or WebP image');
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    expect((await upload(server.origin, room.roomId, room.gmToken, gif)).status).toBe(415);
    expect((await upload(server.origin, room.roomId, room.gmToken, Buffer.alloc(0))).body.reason).toBe(
      'the file is empty: send a PNG, JPEG or WebP image',
    );
    expect(await health(server.origin)).toBe(200);
  });

  it('refuses an image bomb from its header, before decoding it', async () => {
    const started = Date.now();
    const answer = await upload(server.origin, room.roomId, room.gmToken, pngBomb(100_000, 100_000));
    expect(answer.status).toBe(422);
    expect(answer.body.reason).toBe('the image is 100000×100000 pixels; at most 10240 on a side');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await health(server.origin)).toBe(200);
  });

  it('refuses a truncated or corrupt image, and keeps answering', async () => {
    const cut = png.subarray(0, Math.floor(png.length / 2));
    const answer = await upload(server.origin, room.roomId, room.gmToken, cut);
    expect(answer.status).toBe(422);
    expect(answer.body.reason).toBe('this image could not be read: it is damaged or cut short');
    const jpeg = await makeTestImage({ width: 300, height: 300, format: 'jpeg' });
    const garbled = Buffer.from(jpeg);
    garbled.fill(0x55, 200, 2000);
    const bad = await upload(server.origin, room.roomId, room.gmToken, garbled.subarray(0, 3000));
    expect(bad.status).toBe(422);
    expect(await health(server.origin)).toBe(200);
  });

  it('refuses a file over the size limit from its Content-Length and when streamed without one', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024, 0x41);
    const declared = await upload(server.origin, room.roomId, playerToken, big, { purpose: 'portrait' });
    expect(declared.status).toBe(413);
    expect(declared.body.reason).toBe('the file is 3 MB; at most 2 MB');
    const streamed = await upload(server.origin, room.roomId, playerToken, streamOf(big), {
      purpose: 'portrait',
    });
    expect(streamed.status).toBe(413);
    expect(streamed.body.reason).toBe('the file is over 2 MB; at most 2 MB');
    expect(await health(server.origin)).toBe(200);
  });

  it('maps are the GM’s; a missing purpose is named', async () => {
    const answer = await upload(server.origin, room.roomId, playerToken, png);
    expect(answer.status).toBe(403);
    expect(answer.body.reason).toBe('only the GM may upload a map image');
    const none = await upload(server.origin, room.roomId, room.gmToken, png, { purpose: 'poster' });
    expect(none.status).toBe(400);
    expect(none.body.reason).toBe('say what the image is for: ?purpose=map or ?purpose=portrait');
    expect((await upload(server.origin, room.roomId, undefined, png)).status).toBe(401);
  });

  it('another room’s token, or an image of another room, is not found (404, not 403)', async () => {
    const other = await createRoom(server.origin);
    const hash = sha256(png);
    for (const [roomId, token] of [
      [room.roomId, other.gmToken], // another room's token on this room's image
      [other.roomId, other.gmToken], // the image is not linked to the other room
    ] as const) {
      for (const tail of ['', '/image', '/tiles/0/0/0']) {
        const answer = await getAsset(server.origin, `/api/rooms/${roomId}/assets/${hash}${tail}`, token);
        expect(answer.status).toBe(404);
      }
    }
    const unknown = await getAsset(
      server.origin,
      `/api/rooms/${room.roomId}/assets/${'0'.repeat(64)}`,
      room.gmToken,
    );
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.bytes.toString()).reason).toBe('this room has no such image');
    // Uploading the same picture to the other room links it there too: still one asset.
    expect((await upload(server.origin, other.roomId, other.gmToken, png)).status).toBe(200);
    expect(
      (await getAsset(server.origin, `/api/rooms/${other.roomId}/assets/${hash}/image`, other.gmToken))
        .status,
    ).toBe(200);
  });

  it('a link revoked while its upload was under way stores nothing', async () => {
    const token = await invite(server.origin, room.roomId, room.gmToken, 'Brief');
    const portrait = await makeTestImage({ width: 90, height: 90, square: 30, format: 'webp' });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent === 0) {
          controller.enqueue(portrait.subarray(0, 100));
          sent = 100;
          return;
        }
        await held;
        controller.enqueue(portrait.subarray(100));
        controller.close();
      },
    });
    const answer = upload(server.origin, room.roomId, token, body, { purpose: 'portrait' });
    // Revoke only once the server has let the upload in and is reading its body.
    const { jobs } = assetsOf(server.server.server.ctx);
    await waitFor(() => jobs.busy.inFlight === 1, 'the upload under way');
    const id = createHash('sha256').update(token).digest('hex').slice(0, 12);
    const revoked = await fetch(`${server.origin}/api/rooms/${room.roomId}/invites/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${room.gmToken}` },
    });
    expect(revoked.status).toBe(200);
    release();
    expect((await answer).status).toBe(401);
    const store = storeOf(server.server.server.ctx);
    expect(store.prepare('SELECT COUNT(*) AS n FROM assets WHERE hash = ?').get(sha256(portrait))).toEqual({
      n: 0,
    });
  });
});
