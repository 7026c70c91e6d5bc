import { describe, expect, it } from 'vitest';
import { ENCOUNTER_SCHEMA_VERSION } from '../../src/schema/encounter';
import { MAX_ENCOUNTER_FOES } from '../../src/schema/limits';
import { api, TEST_MAP, useTestServer } from './helpers';

/**
 * What the encounter builder sends, over real HTTP: an encounter saved in the library keeps each
 * foe's hidden mark and its library map; the server refuses what the schema refuses (more than
 * MAX_ENCOUNTER_FOES foes) both as a library entry and as a room's inline encounter, in words.
 */
const server = useTestServer();

const husk = {
  kind: 'foe',
  name: 'Hollow Husk',
  health: 2,
  defense: 6,
  speed: 4,
  attackBonus: 1,
  frayDamage: 2,
  damageDie: 4,
};

function encounterWith(count: number) {
  return {
    schemaVersion: ENCOUNTER_SCHEMA_VERSION,
    kind: 'encounter',
    name: 'Husks',
    map: 'test-yard.json',
    mapEntry: 'map_abc',
    chapter: 1,
    foes: Array.from({ length: count }, (_, i) => ({
      id: `hollow-husk-${i + 1}`,
      statBlock: husk,
      cell: { x: i % 8, y: Math.floor(i / 8) % 6 },
      hidden: i % 2 === 0,
    })),
    partyStarts: [{ x: 0, y: 5 }],
  };
}

async function newLibrary(): Promise<string> {
  return (await api<{ key: string }>(server.origin, '/api/libraries', { body: {} })).body.key;
}

describe('encounters from the builder', () => {
  it('a library encounter keeps each foe hidden or visible and its library map', async () => {
    const key = await newLibrary();
    const saved = await api<{ data: ReturnType<typeof encounterWith> }>(
      server.origin,
      '/api/library/entries',
      {
        token: key,
        body: { kind: 'encounter', data: encounterWith(2) },
      },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data.mapEntry).toBe('map_abc');
    expect(saved.body.data.foes.map((f) => f.hidden)).toEqual([true, false]);
  });

  it(`more than ${MAX_ENCOUNTER_FOES} foes are refused as an entry and as a room, in words`, async () => {
    const key = await newLibrary();
    const tooMany = encounterWith(MAX_ENCOUNTER_FOES + 1);
    const entry = await api<{ reason: string; problems?: string[] }>(server.origin, '/api/library/entries', {
      token: key,
      body: { kind: 'encounter', data: tooMany },
    });
    expect(entry.status).toBe(400);
    expect(JSON.stringify(entry.body)).toContain(`at most ${MAX_ENCOUNTER_FOES} foes in an encounter`);
    const room = await api<{ reason: string }>(server.origin, '/api/rooms', {
      body: { map: TEST_MAP, encounter: tooMany },
    });
    expect(room.status).toBe(400);
    expect(room.body.reason).toContain(`at most ${MAX_ENCOUNTER_FOES} foes in an encounter`);
  });
});
