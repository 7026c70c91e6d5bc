import { storeOf } from './helpers';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestImage } from '../../scripts/make-test-image';
import { spawnChildServer, type ChildServer } from './childServer';
import { api, createRoom, useTestServer } from './helpers';
import { getAsset, upload } from './assetsHelpers';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

interface RoomFileWithAssets {
  assets?: { hash: string; data: string }[];
  [key: string]: unknown;
}

describe('room files carry their images', () => {
  const server = useTestServer();
  let map: Buffer;
  let portrait: Buffer;
  let file: RoomFileWithAssets;

  beforeAll(async () => {
    map = await makeTestImage({ width: 900, height: 600, square: 60 });
    portrait = await makeTestImage({ width: 200, height: 200, square: 50, format: 'webp' });
  });

  const countRows = (table: string) =>
    (storeOf(server.server.server.ctx).prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number })
      .n;

  it('export lists every image of the room; import into a new room serves the same bytes and tiles', async () => {
    const room = await createRoom(server.origin);
    expect((await upload(server.origin, room.roomId, room.gmToken, map)).status).toBe(200);
    expect(
      (await upload(server.origin, room.roomId, room.gmToken, portrait, { purpose: 'portrait' })).status,
    ).toBe(200);
    const exported = await api<RoomFileWithAssets>(server.origin, `/api/rooms/${room.roomId}/export`, {
      token: room.gmToken,
    });
    expect(exported.status).toBe(200);
    file = exported.body;
    expect(file.assets).toEqual([
      { hash: sha256(map), data: map.toString('base64') },
      { hash: sha256(portrait), data: portrait.toString('base64') },
    ]);

    const imported = await api<{ roomId: string; gmToken: string }>(server.origin, '/api/rooms/import', {
      body: file,
    });
    expect(imported.status).toBe(200);
    const { roomId, gmToken } = imported.body;
    const image = await getAsset(server.origin, `/api/rooms/${roomId}/assets/${sha256(map)}/image`, gmToken);
    expect(image.bytes.equals(map)).toBe(true);
    const info = await getAsset(server.origin, `/api/rooms/${roomId}/assets/${sha256(map)}`, gmToken);
    expect(JSON.parse(info.bytes.toString()).levels).toHaveLength(2);
    expect(
      (await getAsset(server.origin, `/api/rooms/${roomId}/assets/${sha256(map)}/tiles/0/1/1`, gmToken))
        .status,
    ).toBe(200);
    // Still one stored copy of each image, now linked to both rooms.
    expect(countRows('assets')).toBe(2);
    expect(countRows('room_assets')).toBe(4);
  });

  it('a room without images exports no assets list', async () => {
    const room = await createRoom(server.origin);
    const exported = await api<RoomFileWithAssets>(server.origin, `/api/rooms/${room.roomId}/export`, {
      token: room.gmToken,
    });
    expect(exported.body.assets).toBeUndefined();
  });

  it('an import whose image is bad is refused whole: no room, no image, and the reason names it', async () => {
    const rooms = countRows('rooms');
    const assets = countRows('assets');
    const text = Buffer.from('not a picture at all');
    const other = await makeTestImage({ width: 100, height: 100, square: 10, format: 'jpeg' });
    const cases: [RoomFileWithAssets['assets'], number, RegExp][] = [
      // A new good image first: it must not be stored when a later one is refused.
      [
        [
          { hash: sha256(other), data: other.toString('base64') },
          { hash: sha256(text), data: text.toString('base64') },
        ],
        415,
        /^room file: image 2 of 2: this is not a PNG, JPEG or WebP image$/,
      ],
      [
        [{ hash: sha256(map), data: other.toString('base64') }],
        400,
        /^room file: image 1 of 1: its bytes do not match its id/,
      ],
      [[{ hash: 'nope', data: 'AAAA' }], 400, /^room file:\s+assets\.0\.hash: expected an image id/],
      [[{ hash: sha256(map), data: '@@@not base64' }], 400, /^room file:\s+assets\.0\.data: /],
    ];
    for (const [list, status, reason] of cases) {
      const answer = await api<{ reason: string }>(server.origin, '/api/rooms/import', {
        body: { ...file, assets: list },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      expect(answer.body.reason).toMatch(reason);
    }
    expect(countRows('rooms')).toBe(rooms);
    expect(countRows('assets')).toBe(assets);
  });
});

describe('a room file’s battlemap comes back usable (issue 32)', () => {
  const server = useTestServer();
  const fixture = JSON.parse(
    readFileSync(new URL('../fixtures/room-file-v1.json', import.meta.url), 'utf8'),
  ) as RoomFileWithAssets & { public: { map: { background: { asset: string }; doors: unknown } } };
  const asset = fixture.public.map.background.asset;
  const exportOf = (roomId: string, token: string) =>
    api<typeof fixture>(server.origin, `/api/rooms/${roomId}/export`, { token });

  it('imported, the room shows its battlemap and door, serves the image and exports both again', async () => {
    const imported = await api<{ roomId: string; gmToken: string }>(server.origin, '/api/rooms/import', {
      body: fixture,
    });
    expect(imported.status).toBe(200);
    const { roomId, gmToken } = imported.body;
    const image = await getAsset(server.origin, `/api/rooms/${roomId}/assets/${asset}/image`, gmToken);
    expect(image.status).toBe(200);
    const again = (await exportOf(roomId, gmToken)).body;
    expect(again.public.map).toEqual(fixture.public.map);
    expect(again.assets).toEqual(fixture.assets);
  });

  it('a battlemap whose image is neither in the file nor on this server is refused, naming it', async () => {
    const { assets: _images, ...bare } = fixture;
    const missing = structuredClone(bare);
    missing.public.map.background.asset = 'f'.repeat(64);
    const answer = await api<{ reason: string }>(server.origin, '/api/rooms/import', { body: missing });
    expect(answer.status).toBe(400);
    expect(answer.body.reason).toMatch(
      /^room file:\n {2}public\.map\.background\.asset: the battlemap's image f{64} /,
    );
    // The image this server holds already (imported above) is linked to the new room instead.
    const linked = await api<{ roomId: string; gmToken: string }>(server.origin, '/api/rooms/import', {
      body: bare,
    });
    expect(linked.status).toBe(200);
    const { roomId, gmToken } = linked.body;
    expect(
      (await getAsset(server.origin, `/api/rooms/${roomId}/assets/${asset}/image`, gmToken)).status,
    ).toBe(200);
  });
});

describe('an answered upload survives kill -9', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'icon-vtt-assets-kill9-'));
  const children: ChildServer[] = [];
  afterAll(() => {
    children.forEach((child) => child.process.exitCode === null && child.process.kill('SIGKILL'));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the image, its tiles and its link to the room are there after a restart', async () => {
    const first = await spawnChildServer(dataDir);
    children.push(first);
    const room = await createRoom(first.origin);
    const png = await makeTestImage({ width: 1100, height: 520, square: 55 });
    const answer = await upload(first.origin, room.roomId, room.gmToken, png);
    expect(answer.status).toBe(200);
    const exited = new Promise((resolve) => first.process.once('exit', resolve));
    first.process.kill('SIGKILL');
    await exited;

    const second = await spawnChildServer(dataDir);
    children.push(second);
    const base = `/api/rooms/${room.roomId}/assets/${sha256(png)}`;
    expect((await getAsset(second.origin, `${base}/image`, room.gmToken)).bytes.equals(png)).toBe(true);
    expect((await getAsset(second.origin, `${base}/tiles/0/2/1`, room.gmToken)).status).toBe(200);
    second.process.kill('SIGTERM');
  }, 60_000);
});
