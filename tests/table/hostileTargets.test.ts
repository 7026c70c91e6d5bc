import { describe, expect, it } from 'vitest';
import { readSnapshot } from '../../src/table/snapshot';
import type { TableDocs } from '../../src/table/docLayout';
import { act, encounter, foe, GM, OPEN_MAP, party, pc, player, room } from './fixtures';

const ANA = player('ana');

/** A ranged Blast 1 attack whose Effect makes everyone it touches vulnerable (docs/rules.md). */
const SCORCH = {
  name: 'Scorch',
  cost: '2-actions',
  tags: { attack: true },
  range: 4,
  area: { primary: { kind: 'blast', size: 1 } },
  damageType: 'magical',
  attack: { kind: 'ranged', onHit: { damage: { tier: 'light' } } },
  areaEffect: { damage: { tier: 'fray' } },
  effect: { statuses: ['vulnerable'] },
};
/** A melee attack that misses harmlessly but whose Effect still makes the target vulnerable. */
const EXPOSE = {
  name: 'Expose',
  cost: '1-action',
  tags: { attack: true },
  range: 1,
  attack: { kind: 'melee', onHit: { damage: { tier: 'light' } } },
  effect: { statuses: ['vulnerable'] },
};
/** No listed range and no "(self)": a Blast that cannot be placed anywhere. */
const NOVA = {
  name: 'Nova',
  cost: '1-action',
  area: { primary: { kind: 'blast', size: 1 } },
  effect: { damage: { tier: 'fray' } },
};
/** A "(self)" Blast 1 attack: centred on Ana, it never touches her. */
const WHIRL = {
  name: 'Whirl',
  cost: '1-action',
  tags: { attack: true },
  self: true,
  area: { primary: { kind: 'blast', size: 1 } },
  attack: { kind: 'melee', onHit: { damage: { tier: 'light' } } },
  areaEffect: { damage: { tier: 'fray' } },
};

/** Ana (1,1) with the Orc (1,2) below her; Bo (4,1) and the Grunt (4,2) side by side. */
function seeded(): TableDocs {
  const docs = room({
    map: OPEN_MAP,
    party: party(pc('Ana', { abilities: [SCORCH, EXPOSE, NOVA, WHIRL] } as never), pc('Bo')),
    encounter: encounter(
      [
        { id: 'orc', statBlock: foe('Orc'), cell: { x: 1, y: 2 } },
        { id: 'grunt', statBlock: foe('Grunt'), cell: { x: 4, y: 2 } },
      ],
      [
        { x: 1, y: 1 },
        { x: 4, y: 1 },
      ],
    ),
    revealFoes: true,
  });
  act(docs, GM, { kind: 'start-combat' });
  act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
  return docs;
}
const state = (docs: TableDocs, id: string) => readSnapshot(docs.public, docs.secrets).tokensById[id]!.state!;
const statusIds = (docs: TableDocs, id: string) => state(docs, id).statuses.map((s) => s.id);

describe('only hostile characters can be attacked (rulebook: Attacks)', () => {
  it('refuses an attack on an ally, from a player and from the GM, and writes nothing', () => {
    const docs = seeded();
    const atk = { kind: 'attack', attackerId: 'ana', targetId: 'bo', abilityId: 'basic-melee' };
    const reason = 'Bo is on your side: only hostile characters can be attacked';
    expect(act(docs, ANA, atk, [20, 6, 6])).toEqual({ ok: false, reason });
    expect(act(docs, GM, atk, [20, 6, 6])).toEqual({ ok: false, reason });
    expect(state(docs, 'bo').hp).toBe(40);
    expect(state(docs, 'ana').attackedThisRound).toBe(false);
    // A foe attacking a foe is refused the same way.
    expect(act(docs, GM, { ...atk, attackerId: 'orc', targetId: 'grunt' })).toMatchObject({
      ok: false,
      reason: 'Grunt is on your side: only hostile characters can be attacked',
    });
  });

  it('an area attack still hits everyone in the area: Bo takes the fray, the Grunt the attack', () => {
    const docs = seeded();
    // Blast 1 centred on the Grunt (4,2): Bo (4,1) stands in it too.
    const result = act(
      docs,
      ANA,
      {
        kind: 'area',
        casterId: 'ana',
        abilityId: 'Scorch',
        placement: { primary: { kind: 'blast', center: { x: 4, y: 2 } } },
      },
      // d20 16 less the curse d6 1 (a ranged area attack next to the Orc, docs/rules.md) = 15
      // hits the Grunt: light 4 + fray 3 = 7; Bo takes the area's fray 3 (no dice).
      [16, 1, 4],
    );
    expect(result.ok).toBe(true);
    expect(state(docs, 'grunt').hp).toBe(25);
    expect(state(docs, 'bo').hp).toBe(37);
    expect(state(docs, 'ana').hp).toBe(40);
  });
});

describe('the Effect part of an attack ability is applied (rulebook: Attack vs. ability vs. effect)', () => {
  it('a miss with "Effect: vulnerable" still makes the target vulnerable', () => {
    const docs = seeded();
    const result = act(
      docs,
      ANA,
      { kind: 'attack', attackerId: 'ana', targetId: 'orc', abilityId: 'Expose' },
      [2],
    );
    expect(result).toMatchObject({
      ok: true,
      outcome: { result: 'miss', effects: [{ component: 'effect', statusesApplied: ['vulnerable'] }] },
    });
    expect(state(docs, 'orc').hp).toBe(32);
    expect(statusIds(docs, 'orc')).toEqual(['vulnerable']);
  });

  it('a hit applies the on-hit damage and then the Effect', () => {
    const docs = seeded();
    const result = act(
      docs,
      ANA,
      { kind: 'attack', attackerId: 'ana', targetId: 'orc', abilityId: 'Expose' },
      [15, 4],
    );
    expect(result).toMatchObject({ ok: true, outcome: { result: 'hit' } });
    expect(state(docs, 'orc').hp).toBe(25);
    expect(statusIds(docs, 'orc')).toEqual(['vulnerable']);
  });

  it('an area attack applies its Effect to every affected space: the attack target and the rest', () => {
    const docs = seeded();
    const result = act(
      docs,
      ANA,
      {
        kind: 'area',
        casterId: 'ana',
        abilityId: 'Scorch',
        placement: { primary: { kind: 'blast', center: { x: 4, y: 2 } } },
      },
      // d20 3, curse d6 1 (next to the Orc): a miss.
      [3, 1],
    );
    expect(result).toMatchObject({ ok: true, outcome: { attack: { result: 'miss' } } });
    expect(state(docs, 'grunt').hp).toBe(32);
    expect(statusIds(docs, 'grunt')).toEqual(['vulnerable']);
    expect(statusIds(docs, 'bo')).toEqual(['vulnerable']);
    expect(state(docs, 'bo').hp).toBe(37);
    expect(statusIds(docs, 'orc')).toEqual([]);
    expect(statusIds(docs, 'ana')).toEqual([]);
  });
});

describe('Blasts and their origin at the table (rulebook: Area of effect)', () => {
  it('a Blast with no listed range and no "(self)" is refused with the reason, nothing written', () => {
    const docs = seeded();
    expect(
      act(docs, ANA, {
        kind: 'area',
        casterId: 'ana',
        abilityId: 'Nova',
        placement: { primary: { kind: 'blast', center: { x: 1, y: 1 } } },
      }),
    ).toEqual({
      ok: false,
      reason:
        'a Blast needs a listed range or a "(self)" target: without either it could only sit on its user, which an area may not cover',
    });
    expect(state(docs, 'ana').turn.actionsUsed).toBe(0);
  });

  it('a self-centred Blast ("(self)") hits everyone around its caster and never the caster; it has no attack roll', () => {
    const docs = seeded();
    const result = act(docs, ANA, {
      kind: 'area',
      casterId: 'ana',
      abilityId: 'Whirl',
      placement: { primary: { kind: 'blast', center: { x: 1, y: 1 } } },
    });
    expect(result).toMatchObject({ ok: true, outcome: { attack: null, attackSpace: null } });
    expect(state(docs, 'ana').hp).toBe(40);
    expect(state(docs, 'orc').hp).toBe(29);
    expect(state(docs, 'bo').hp).toBe(40);
  });
});
