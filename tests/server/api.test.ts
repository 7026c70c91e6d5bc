import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedDice } from '../../src/lib/dice';
import { readSnapshot } from '../../src/table/snapshot';
import { startServer } from '../../src/server/startServer';
import type { RunningServer } from '../../src/server/startServer';
import { openDemoRoom } from '../../src/server/demoRoom';
import { api, TEST_MAP } from './helpers';

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));
const ARENA = readJson('maps/arena.json');
const SKIRMISH = readJson('encounters/arena-skirmish.json');
const PARTY = readJson('encounters/parties/sample-party.json');

describe('HTTP API', () => {
  let server: RunningServer;
  let origin: string;
  let dataDir: string;
  let distDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'icon-vtt-api-'));
    distDir = join(dataDir, 'dist');
    mkdirSync(join(distDir, 'assets'), { recursive: true });
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>icon-vtt test</title>');
    writeFileSync(join(distDir, 'assets', 'app-1234.js'), 'console.log(1)');
    server = await startServer({ port: 0, dataDir: join(dataDir, 'data'), dice: fixedDice([]), distDir });
    origin = server.origin;
  });
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates a room from the samples; the GM invites a player bound to a PC; sessions say who is who', async () => {
    const created = await api<{ roomId: string; gmToken: string; gmLink: string; characterIds: string[] }>(
      origin,
      '/api/rooms',
      {
        body: { map: ARENA, encounter: SKIRMISH, party: PARTY },
      },
    );
    expect(created.status).toBe(200);
    const { roomId, gmToken, gmLink, characterIds } = created.body;
    expect(gmLink).toBe(`${origin}/?room=${roomId}&token=${gmToken}`);
    expect(characterIds).toEqual(['maren-stalwart', 'ivo-vagabond', 'sefa-wright', 'tobin-mendicant']);

    const invite = await api<{ token: string; link: string; id: string }>(
      origin,
      `/api/rooms/${roomId}/invites`,
      {
        token: gmToken,
        body: { name: 'Kim', characterIds: ['maren-stalwart'] },
      },
    );
    expect(invite.status).toBe(200);
    expect(invite.body.link).toBe(`${origin}/?room=${roomId}&token=${invite.body.token}`);

    expect((await api(origin, '/api/session', { token: gmToken })).body).toEqual({
      roomId,
      role: 'gm',
      characterIds: [],
      name: 'GM',
    });
    expect((await api(origin, '/api/session', { token: invite.body.token })).body).toEqual({
      roomId,
      role: 'player',
      characterIds: ['maren-stalwart'],
      name: 'Kim',
      channel: invite.body.id, // the invite id: the doc of this player's whispers
    });
    expect((await api(origin, '/api/session')).status).toBe(401);

    // Foes of a new room start hidden: in the secrets doc only.
    const room = (await server.ctx.rooms.load(roomId))!;
    const playerView = readSnapshot(room.public.doc);
    expect(playerView.tokens.map((t) => t.id).sort()).toEqual(characterIds.slice().sort());
    const gmView = readSnapshot(room.public.doc, room.secrets.doc);
    expect(gmView.tokens.filter((t) => t.hidden).map((t) => t.id)).toEqual([
      'archer-1',
      'gladiator-1',
      'gladiator-2',
    ]);
  });

  it('refuses a bad map with the path of the problem, and creates nothing', async () => {
    const bad = { ...TEST_MAP, heights: ['0000000x', ...TEST_MAP.heights.slice(1)] };
    const { status, body } = await api<{ reason: string }>(origin, '/api/rooms', { body: { map: bad } });
    expect(status).toBe(400);
    expect(body.reason).toContain('heights.0.7');
  });

  it('exports a room (GM only) and imports it as a new room with the same content', async () => {
    const { body: created } = await api<{ roomId: string; gmToken: string }>(origin, '/api/rooms', {
      body: { map: ARENA, encounter: SKIRMISH, party: PARTY },
    });
    const exported = await api<Record<string, unknown>>(origin, `/api/rooms/${created.roomId}/export`, {
      token: created.gmToken,
    });
    expect(exported.status).toBe(200);
    expect(JSON.stringify(exported.body)).not.toContain(created.gmToken);
    const imported = await api<{ roomId: string; gmToken: string }>(origin, '/api/rooms/import', {
      body: exported.body,
    });
    expect(imported.status).toBe(200);
    expect(imported.body.roomId).not.toBe(created.roomId);
    const a = (await server.ctx.rooms.load(created.roomId))!;
    const b = (await server.ctx.rooms.load(imported.body.roomId))!;
    const view = (r: typeof a) =>
      readSnapshot(r.public.doc, r.secrets.doc).tokens.map((t) => [t.id, t.cell, t.hidden]);
    expect(view(b)).toEqual(view(a));

    const broken = await api<{ reason: string }>(origin, '/api/rooms/import', {
      body: { ...exported.body, schemaVersion: 99 },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.reason).toMatch(/room file/);
  });

  it('lists and serves the sample maps and encounters, validated', async () => {
    const maps = await api<{ files: string[] }>(origin, '/api/maps');
    expect(maps.body.files).toEqual(expect.arrayContaining(['arena.json', 'ruins.json', 'stress-100.json']));
    const arena = await api<{ name: string }>(origin, '/api/maps/arena.json');
    expect(arena.body.name).toBe((ARENA as { name: string }).name);
    const encounters = await api<{ files: string[] }>(origin, '/api/encounters');
    expect(encounters.body.files).toContain('arena-skirmish.json');
    expect((await api(origin, '/api/encounters/arena-skirmish.json')).status).toBe(200);
    expect((await api(origin, '/api/maps/nope.json')).status).toBe(404);
    expect((await api(origin, '/api/maps/..%2Fpackage.json')).status).toBe(400);
  });

  it('serves the built client: index.html for / and app routes, assets with long caching, 404 for missing assets', async () => {
    const index = await fetch(`${origin}/`);
    expect(await index.text()).toContain('icon-vtt test');
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(await (await fetch(`${origin}/?room=abc&token=def`)).text()).toContain('icon-vtt test');
    const asset = await fetch(`${origin}/assets/app-1234.js`);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${origin}/assets/missing.js`)).status).toBe(404);
    // Traversal never leaves dist/: it is just an app route.
    expect(await (await fetch(`${origin}/..%2F..%2Fetc%2Fpasswd`)).text()).toContain('icon-vtt test');
    expect((await fetch(`${origin}/%E0%A4%A`)).status).toBe(400);
    expect((await api(origin, '/api/maps/%E0%A4%A')).status).toBe(400);
  });

  it('opens the demo room once and returns the same links afterwards', async () => {
    const first = (await openDemoRoom(server.ctx, origin))!;
    const second = (await openDemoRoom(server.ctx, origin))!;
    expect(first.created).toBe(true);
    expect(second.created).toBe(false);
    expect(second.gmLink).toBe(first.gmLink);
    expect(second.playerLink).toBe(first.playerLink);
    expect(first.characterIds).toEqual(['maren-stalwart', 'ivo-vagabond']);
    // The demo shows the whole fight: foes revealed.
    const room = (await server.ctx.rooms.load(first.roomId))!;
    expect(readSnapshot(room.public.doc).tokens.filter((t) => t.side === 'foes')).toHaveLength(3);
  });
});
