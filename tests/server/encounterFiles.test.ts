import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { api, useTestServer } from './helpers';

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));
const RUINS_MAP = readJson('maps/ruins.json');
const AMBUSH = readJson('encounters/ruins-ambush.json') as {
  name: string;
  foes: { id: string; statBlock: { name: string } }[];
};

describe('encounter files do not spoil a prepared fight', () => {
  const server = useTestServer();

  it('GET /api/encounters/<file> answers anyone a summary: name, map, chapter, foe count — no foe', async () => {
    const response = await fetch(`${server.origin}/api/encounters/ruins-ambush.json`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      file: 'ruins-ambush.json',
      name: 'Ambush at the sunken temple',
      map: 'ruins.json',
      chapter: 2,
      foeCount: 5,
      partyStarts: 4,
      // The smallest map it fits on, so the start page can say before any room is made that a
      // map is too small (issue 13): a size, no squares.
      needs: { width: 20, height: 17 },
    });
    for (const foe of AMBUSH.foes) {
      expect(text).not.toContain(foe.statBlock.name);
      expect(text).not.toContain(`"${foe.id}"`);
    }
    expect(text).not.toContain('statBlock');
    const list = await fetch(`${server.origin}/api/encounters`).then((r) => r.text());
    expect(list).toContain('ruins-ambush.json');
    expect(list).not.toContain(AMBUSH.foes[0]!.statBlock.name);
  });

  it('a room is created from an encounter by file name; its foes start hidden in the secrets doc', async () => {
    const created = await api<{ roomId: string }>(server.origin, '/api/rooms', {
      body: { map: RUINS_MAP, encounterFile: 'ruins-ambush.json' },
    });
    expect(created.status).toBe(200);
    const room = await server.loadRoom(created.body.roomId);
    expect([...room.secrets.doc.getMap('tokens').keys()].sort()).toEqual(AMBUSH.foes.map((f) => f.id).sort());
    expect(room.public.doc.getMap('tokens').size).toBe(0);
    expect(room.public.doc.getMap('meta').get('name')).toBe(AMBUSH.name);
  });

  it('refuses an unknown file, a path, and both an encounter and a file name', async () => {
    const post = (body: unknown) => api(server.origin, '/api/rooms', { body });
    expect(await post({ map: RUINS_MAP, encounterFile: 'nope.json' })).toEqual({
      status: 404,
      body: { ok: false, reason: 'no encounter file named nope.json' },
    });
    expect((await post({ map: RUINS_MAP, encounterFile: '../package.json' })).status).toBe(400);
    expect(await post({ map: RUINS_MAP, encounterFile: 'ruins-ambush.json', encounter: AMBUSH })).toEqual({
      status: 400,
      body: { ok: false, reason: 'send either an encounter or an encounterFile, not both' },
    });
  });
});
