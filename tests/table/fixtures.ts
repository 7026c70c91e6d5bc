import * as Y from 'yjs';
import { fixedDice } from '../../src/lib/dice';
import type { IntentResult } from '../../src/schema/intent';
import { applyIntent } from '../../src/table/applyIntent';
import type { Actor } from '../../src/table/applyIntent';
import type { MapInput } from '../../src/schema/map';
import type { PlayerCharacter, Foe } from '../../src/schema/statBlock';
import { PlayerCharacterSchema, FoeSchema } from '../../src/schema/statBlock';
import type { TableDocs } from '../../src/table/docLayout';
import { seedRoom } from '../../src/table/seedRoom';
import type { FoeHp } from '../../src/schema/settings';
import { publicRootsOf, SYSTEM_ORIGIN, transactBoth } from '../../src/table/docLayout';
import { placeAllHealth } from '../../src/table/foeHealth';
import { readSettings } from '../../src/table/readDoc';

/**
 * A map from rows of "code+height" pairs is hard to read, so tests draw two pictures: `cells`
 * (. ground, ~ difficult, ! dangerous, # impassable, _ edge) and `heights` (digits).
 */
export function mapOf(cells: string[], heights?: string[], name = 'Test map'): MapInput {
  const width = cells[0]!.length;
  return {
    schemaVersion: 1,
    kind: 'map',
    name,
    width,
    height: cells.length,
    cells,
    heights: heights ?? cells.map(() => '0'.repeat(width)),
    destructible: [],
  };
}

export function pc(name: string, overrides: Partial<PlayerCharacter> = {}): PlayerCharacter {
  return PlayerCharacterSchema.parse({
    kind: 'pc',
    name,
    health: 10,
    defense: 8,
    armor: 0,
    speed: 4,
    attackBonus: 2,
    frayDamage: 3,
    damageDie: 6,
    basicAttacks: { melee: { range: 1 }, ranged: { range: 5 } },
    ...overrides,
  });
}

export function foe(name: string, overrides: Partial<Foe> = {}): Foe {
  return FoeSchema.parse({
    kind: 'foe',
    name,
    health: 8,
    defense: 9,
    armor: 0,
    speed: 4,
    attackBonus: 2,
    frayDamage: 2,
    damageDie: 6,
    ...overrides,
  });
}

export function party(...characters: PlayerCharacter[]) {
  return { schemaVersion: 1, kind: 'party', name: 'Test party', characters };
}

export function encounter(
  foes: { id: string; statBlock: Foe; cell: { x: number; y: number } }[],
  partyStarts: { x: number; y: number }[],
  chapter = 1,
) {
  return {
    schemaVersion: 1,
    kind: 'encounter',
    name: 'Test fight',
    map: 'test.json',
    chapter,
    foes,
    partyStarts,
  };
}

/**
 * A fresh room (public + secrets docs) seeded from the given parts. Its foes' HP is public
 * (`foeHp: 'exact'`) unless `foeHp` says otherwise: rules tests read every number as players do,
 * and what players receive of foes' HP under each setting has its own tests (foeHp*.test.ts).
 */
export function room(
  input: Parameters<typeof seedRoom>[2],
  foeHp: FoeHp = 'exact',
): TableDocs & { secrets: Y.Doc } {
  const docs = { public: new Y.Doc(), secrets: new Y.Doc() };
  seedRoom(docs.public, docs.secrets, input);
  const settings = { ...readSettings(docs.public, []), foeHp };
  transactBoth(docs, SYSTEM_ORIGIN, () => {
    publicRootsOf(docs.public).settings.set('room', settings);
    placeAllHealth(docs, settings);
  });
  return docs;
}

export const GM = { role: 'gm' } as const;

/** A player whose invite commands the given characters. */
export function player(...characterIds: string[]): Actor {
  return { role: 'player', characterIds };
}

/**
 * `applyIntent` with the dice results `rolls` in order (none by default): a roll the test did not
 * plan for throws, so every die an outcome uses is one the test states.
 */
export function act(docs: TableDocs, actor: Actor, intent: unknown, rolls: number[] = []): IntentResult {
  return applyIntent(docs, actor, intent, fixedDice(rolls));
}

/** Squares drawn as "x,y x,y …" (a move path). */
export function cells(text: string): { x: number; y: number }[] {
  return text
    .trim()
    .split(/\s+/)
    .map((pair) => {
      const [x, y] = pair.split(',').map(Number);
      if (!Number.isInteger(x) || !Number.isInteger(y)) throw new Error(`bad square '${pair}' in '${text}'`);
      return { x: x!, y: y! };
    });
}

/** A move intent along `path` ("x,y x,y …"). */
export function move(tokenId: string, path: string, mode: 'move' | 'run' | 'dash' = 'move') {
  return { kind: 'move', tokenId, path: cells(path), mode };
}

/** An open 8×4 field of level ground. */
/** Interrupt 1: vigor for its owner when an attack targets them (a free-action interrupt). */
export const PARRY = {
  name: 'Parry',
  cost: 'free',
  tags: { interrupt: 1 },
  trigger: { kind: 'targeted', who: 'you' },
  effect: { vigor: 1 },
};

export const OPEN_MAP = mapOf(['........', '........', '........', '........']);

/** A ranged Blast 1 attack (light on hit, fray to everyone in the area), magical. */
export const FLAME_BURST = {
  name: 'Flame Burst',
  cost: '2-actions',
  tags: { attack: true },
  range: 4,
  area: { primary: { kind: 'blast', size: 1 } },
  damageType: 'magical',
  attack: { kind: 'ranged', onHit: { damage: { tier: 'light' } } },
  areaEffect: { damage: { tier: 'fray' } },
};
