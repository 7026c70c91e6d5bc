import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { api, createRoom, TEST_MAP, useTestServer } from './helpers';

const PARTY = JSON.parse(readFileSync('encounters/parties/sample-party.json', 'utf8')) as {
  characters: { name: string; sheet?: unknown }[];
};
// Without its sheet (issue 13): 12,000 copies must stay under the body limit to reach the count check.
const { sheet: _sheet, ...PC } = PARTY.characters[0]!;

/** An open field of `side`×`side` ground squares. */
function field(side: number) {
  return {
    ...TEST_MAP,
    name: 'Field',
    width: side,
    height: side,
    cells: Array.from({ length: side }, () => '.'.repeat(side)),
    heights: Array.from({ length: side }, () => '0'.repeat(side)),
  };
}

describe('bounds over the real HTTP API', () => {
  const server = useTestServer(undefined, { roomsPerHour: 0 });

  it('an import whose log outcome is nested 5,000 deep is refused with a 400 naming the path and the bound', async () => {
    const room = await createRoom(server.origin);
    const exported = await api<{ public: { log: unknown[] } }>(
      server.origin,
      `/api/rooms/${room.roomId}/export`,
      {
        token: room.gmToken,
      },
    );
    expect(exported.status).toBe(200);
    // Built as text: the test runner's own JSON.stringify would run out of stack at this depth.
    const entry = { id: 'l1', at: 1, kind: 'note', actor: 'gm', summary: 'deep', outcome: 'DEEP' };
    const file = { ...exported.body, public: { ...exported.body.public, log: [entry] } };
    const rawBody = JSON.stringify(file).replace('"DEEP"', '{"o":'.repeat(5_000) + '1' + '}'.repeat(5_000));
    expect(rawBody.length).toBeGreaterThan(20_000);
    const imported = await api(server.origin, '/api/rooms/import', { rawBody });
    expect(imported).toEqual({
      status: 400,
      body: {
        ok: false,
        reason: 'room file:\n  public.log.0.outcome: nested too deep: at most 32 levels of nesting',
      },
    });
  });

  it("a GM attack with 3,000,000 boons is refused at once with the bound, and the room's other intents still work", async () => {
    const room = await createRoom(server.origin);
    const started = Date.now();
    const attack = await api(server.origin, `/api/rooms/${room.roomId}/intents`, {
      token: room.gmToken,
      body: {
        kind: 'attack',
        attackerId: 'a',
        targetId: 'b',
        abilityId: 'basic-melee',
        modifiers: [{ kind: 'boon', count: 3_000_000, source: 'gm', reason: 'flood' }],
      },
    });
    expect(attack).toEqual({
      status: 400,
      body: { ok: false, reason: 'intent:\n  modifiers.0.count: at most 12 boons or curses on one modifier' },
    });
    expect(Date.now() - started).toBeLessThan(1_000);
    const chat = await api(server.origin, `/api/rooms/${room.roomId}/intents`, {
      token: room.gmToken,
      body: { kind: 'chat', text: 'still here' },
    });
    expect(chat.status).toBe(200);
  });

  it('a 2.8 MB party of 12,000 same-slug names is refused quickly and /api/health answers meanwhile', async () => {
    const characters = Array.from({ length: 12_000 }, (_, i) => ({
      ...PC,
      name: `Maren${'!'.repeat(i % 50)} ${i}`,
    }));
    const party = { schemaVersion: 1, kind: 'party', name: 'Crowd', characters };
    const body = { map: field(150), party };
    expect(JSON.stringify(body).length).toBeGreaterThan(2_000_000);
    const started = Date.now();
    const seeding = api(server.origin, '/api/rooms', { body });
    const health = await api(server.origin, '/api/health');
    expect(health.status).toBe(200);
    const seeded = await seeding;
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(seeded.status).toBe(400);
    expect(seeded.body.reason).toBe('party:\n  characters: at most 20 characters in a party');
  });

  it('20 characters whose names make the same id get distinct ids, in linear time', async () => {
    const characters = Array.from({ length: 20 }, (_, i) => ({ ...PC, name: `Maren${'!'.repeat(i)}` }));
    const created = await api<{ characterIds: string[] }>(server.origin, '/api/rooms', {
      body: { map: field(20), party: { schemaVersion: 1, kind: 'party', name: 'Twins', characters } },
    });
    expect(created.status).toBe(200);
    expect(created.body.characterIds).toEqual([
      'maren',
      ...Array.from({ length: 19 }, (_, i) => `maren-${i + 2}`),
    ]);
  });

  it('a map larger than 200×200 is refused in those words', async () => {
    const created = await api(server.origin, '/api/rooms', {
      body: { map: { ...TEST_MAP, width: 100_000 } },
    });
    expect(created.status).toBe(400);
    expect(created.body.reason).toContain('map:\n  width: a map is at most 200×200 squares');
  });
});
