import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { EncounterSchema } from '../../src/schema/encounter';
import { formatIssues } from '../../src/schema/formatIssues';
import { jsonProblem, MAX_JSON_DEPTH, MAX_JSON_NODES } from '../../src/schema/json';
import { LogEntrySchema } from '../../src/schema/logEntry';
import { TokenChangeSchema } from '../../src/schema/tableDiff';
import { MapSchema } from '../../src/schema/map';
import { RollModifierSchema } from '../../src/schema/modifier';
import { PartySchema } from '../../src/schema/party';
import { StatusSchema } from '../../src/schema/status';
import { DamageSpecSchema } from '../../src/schema/ability';
import { TokenSchema } from '../../src/schema/token';

const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
const PARTY = read('encounters/parties/sample-party.json') as { characters: object[] };
const ENCOUNTER = read('encounters/arena-skirmish.json') as { foes: { id: string }[] };

/** The one-line messages a person would see for `data`. */
function refusal(schema: z.ZodType, data: unknown): string {
  const result = schema.safeParse(data);
  expect(result.success).toBe(false);
  return formatIssues(result.error!);
}

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = { o: value };
  return value;
}

const LOG_ENTRY = { id: 'l1', at: 1, kind: 'note', actor: 'gm', summary: 'hello' };

describe('bounds on data from outside', () => {
  it('a map is at most 200×200 squares, said in those words', () => {
    const wide = {
      schemaVersion: 1,
      kind: 'map',
      name: 'm',
      width: 100_000,
      height: 1,
      cells: [],
      heights: [],
    };
    expect(refusal(MapSchema, wide)).toContain('width: a map is at most 200×200 squares');
    expect(
      refusal(TokenSchema, { id: 't', name: 't', cell: { x: 5_000, y: 0 }, size: 1, side: 'foes' }),
    ).toBe('cell.x: a square is inside a map of at most 200×200');
  });

  it('boons and curses stop at 12 per modifier, per status effect and per damage spec', () => {
    const boon = { kind: 'boon', count: 3_000_000, source: 'gm', reason: 'why not' };
    expect(refusal(RollModifierSchema, boon)).toBe('count: at most 12 boons or curses on one modifier');
    expect(RollModifierSchema.parse({ ...boon, count: 12 }).count).toBe(12);
    const status = {
      id: 's',
      name: 'S',
      description: 'd',
      rolls: [{ roll: 'attack', kind: 'boon', count: 60_000_000 }],
    };
    expect(refusal(StatusSchema, status)).toBe('rolls.0.count: at most 12 boons or curses per effect');
    expect(refusal(DamageSpecSchema, { tier: 'light', bonus: 1_000_000 })).toBe(
      'bonus: at most 12 bonus dice',
    );
  });

  it('a party has at most 20 characters and an encounter at most 200 foes', () => {
    const crowd = { ...PARTY, characters: Array.from({ length: 21 }, () => PARTY.characters[0]) };
    expect(refusal(PartySchema, crowd)).toContain('characters: at most 20 characters in a party');
    const foe = ENCOUNTER.foes[0]!;
    const horde = { ...ENCOUNTER, foes: Array.from({ length: 201 }, (_, i) => ({ ...foe, id: `f${i}` })) };
    expect(refusal(EncounterSchema, horde)).toContain('foes: at most 200 foes in an encounter');
  });

  it('free-form JSON (a log outcome) is bounded in depth and size; a diff’s fields are typed', () => {
    expect(refusal(LogEntrySchema, { ...LOG_ENTRY, outcome: nested(5_000) })).toBe(
      `outcome: nested too deep: at most ${MAX_JSON_DEPTH} levels of nesting`,
    );
    expect(LogEntrySchema.safeParse({ ...LOG_ENTRY, outcome: nested(MAX_JSON_DEPTH - 1) }).success).toBe(
      true,
    );
    // A diff's before/after are combatant fields, each checked by its own schema.
    const change = { tokenId: 't', state: { before: { hp: 3 }, after: { hp: nested(100) } } };
    expect(refusal(TokenChangeSchema, change)).toBe('state.after.hp: must be a number');
    const tooMany = {
      tokenId: 't',
      state: { before: {}, after: { statuses: Array(60).fill({ id: 'dazed' }) } },
    };
    expect(refusal(TokenChangeSchema, tooMany)).toMatch(/^state\.after\.statuses: at most 50/);
    const wide = Array.from({ length: MAX_JSON_NODES }, (_, i) => i);
    expect(refusal(LogEntrySchema, { ...LOG_ENTRY, outcome: wide })).toBe(
      'outcome: too large: at most 20,000 values',
    );
  });

  it('bounded JSON is plain JSON only, and checks a 100,000-deep value without recursing', () => {
    expect(jsonProblem({ a: [1, 'x', null, true, { b: 2 }] })).toBeNull();
    expect(jsonProblem({ a: new Uint8Array(2) })?.message).toBe('expected a plain JSON object');
    expect(jsonProblem([Number.NaN])).toEqual({ path: [0], message: 'expected a finite number' });
    expect(jsonProblem({ big: 10n })).toEqual({ path: ['big'], message: 'expected JSON, found a bigint' });
    expect(jsonProblem(nested(100_000))?.message).toContain('nested too deep');
  });
});
