import { describe, expect, it } from 'vitest';
import { MAX_ID_CHARS, MAX_MAP_SIDE, MAX_PARTY_CHARACTERS } from '../../src/schema/limits';
import { TokenSchema } from '../../src/schema/token';
import { isPlainValidToken } from '../../src/table/tokenFastCheck';

/**
 * The fast path of the GM write check may only ever say yes where TokenSchema says yes (it is a
 * shortcut, not a second rule): every field is swapped, one and two at a time, for values at and
 * past each bound and of every other JSON type.
 */

const base = {
  id: 'ivo-vagabond',
  name: 'Ivo',
  cell: { x: 1, y: 5 },
  size: 1,
  side: 'party',
  ownerIds: ['ivo-vagabond'],
  statBlockId: 'ivo-vagabond',
  combatant: true,
};

const texts = (max: number) => ['', 'a', 'x'.repeat(max), 'x'.repeat(max + 1), 'é'.repeat(max)];
const oddities = [
  undefined,
  null,
  true,
  false,
  0,
  -1,
  1.5,
  NaN,
  Infinity,
  -Infinity,
  2 ** 53,
  '1',
  [],
  {},
  [1],
  { x: 1 },
];
const coordinates = [0, 1, MAX_MAP_SIDE - 1, MAX_MAP_SIDE, -1, 0.5, -0, '3', NaN, null, undefined, 2 ** 60];

const variants: Record<keyof typeof base, unknown[]> = {
  id: [...texts(MAX_ID_CHARS), ...oddities],
  name: [...texts(80), ...oddities],
  cell: [
    ...oddities,
    ...coordinates.flatMap((x) => coordinates.map((y) => ({ x, y }))),
    { x: 1 },
    { y: 1 },
    Object.assign(Object.create({ x: 1, y: 1 }) as object, {}),
    Object.assign(Object.create(null) as object, { x: 1, y: 1 }),
  ],
  size: [0, 1, 5, 6, 2.5, -1, '1', ...oddities],
  side: ['party', 'foes', 'Party', 'neutral', '', ...oddities],
  ownerIds: [
    ...oddities,
    [''],
    ['a', ''],
    ['x'.repeat(MAX_ID_CHARS)],
    ['x'.repeat(MAX_ID_CHARS + 1)],
    Array.from({ length: MAX_PARTY_CHARACTERS }, (_, i) => `pc-${i}`),
    Array.from({ length: MAX_PARTY_CHARACTERS + 1 }, (_, i) => `pc-${i}`),
    [1],
    [null],
    [undefined],
    [['a']],
  ],
  statBlockId: [...texts(MAX_ID_CHARS), ...oddities],
  combatant: [true, false, 'true', 0, 1, ...oddities],
};

const with_ = (changes: Partial<Record<keyof typeof base, unknown>>): Record<string, unknown> => {
  const value: Record<string, unknown> = { ...base, ...changes };
  for (const key of Object.keys(changes))
    if (changes[key as keyof typeof base] === undefined) delete value[key];
  return value;
};

describe('the token fast check of GM writes', () => {
  it('passes the common shapes (a move, a prop, extra fields) that TokenSchema passes', () => {
    for (const value of [
      base,
      with_({ ownerIds: undefined, statBlockId: undefined, combatant: undefined }),
      { ...base, seq: 3, sentAt: 12.5 },
      { ...base, cell: { x: MAX_MAP_SIDE - 1, y: 0 }, size: 5, side: 'foes', ownerIds: [] },
    ]) {
      expect(TokenSchema.safeParse(value).success).toBe(true);
      expect(isPlainValidToken(value)).toBe(true);
    }
  });

  it('never passes a value TokenSchema refuses (each field and each pair of fields varied)', () => {
    const fields = Object.keys(variants) as (keyof typeof base)[];
    const candidates: unknown[] = [
      ...oddities,
      'token',
      [base],
      Object.assign(Object.create({ ...base }) as object, {}),
    ];
    for (const field of fields) for (const v of variants[field]) candidates.push(with_({ [field]: v }));
    for (const [i, a] of fields.entries())
      for (const b of fields.slice(i + 1))
        for (const va of variants[a].slice(0, 8))
          for (const vb of variants[b].slice(0, 8)) candidates.push(with_({ [a]: va, [b]: vb }));
    let refused = 0;
    for (const value of candidates) {
      if (TokenSchema.safeParse(value).success) continue;
      refused += 1;
      expect(isPlainValidToken(value), JSON.stringify(value)).toBe(false);
    }
    expect(refused).toBeGreaterThan(500); // the sweep really reaches refusals
  });
});
