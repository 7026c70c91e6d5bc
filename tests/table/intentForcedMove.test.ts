import { describe, expect, it } from 'vitest';
import type { AbilityInput } from '../../src/schema/ability';
import type { TableDocs } from '../../src/table/docLayout';
import { readSnapshot } from '../../src/table/snapshot';
import { setRoomSettings } from '../../src/table/writers/roomWriters';
import { applicationOf } from '../../src/ui/combat/applicationHistory';
import { revertApplication } from '../../src/ui/combat/gmCombatWrites';
import { act, encounter, foe, GM, mapOf, party, pc, player, room } from './fixtures';

/**
 * Forced movement through the table (docs/table.md "Forced movement"): push / pull / shove N in
 * an ability's component, resolved after its damage; the GM's `force-move`. Fixed dice: every
 * roll is stated (Shield Bash deals fray damage, 3, without dice).
 */
const ANA = player('ana');

const SHIELD_BASH: AbilityInput = {
  name: 'Shield Bash',
  cost: '1-action',
  tags: { attack: true },
  attack: { kind: 'melee', onHit: { damage: { tier: 'fray' }, forcedMove: { kind: 'push', squares: 2 } } },
};
const GRASP: AbilityInput = {
  name: 'Grasp',
  cost: '1-action',
  range: 4,
  effect: { forcedMove: { kind: 'pull', squares: 3 } },
};
const HEAVE: AbilityInput = {
  name: 'Heave',
  cost: '1-action',
  effect: { forcedMove: { kind: 'shove', squares: 1 } },
};

// cells     heights     Ana stands on a height-2 ledge at (1,1), the Drake beside her at (2,1).
// 0123456   0123456
// .......   2220000  y0
// .......   2220000  y1
// .......   2220000  y2
const LEDGE = ['2220000', '2220000', '2220000'];
const FLAT = ['0000000', '0000000', '0000000'];
function ledgeRoom(cells = ['.......', '.......', '.......'], drake = { x: 2, y: 1 }, heights = LEDGE) {
  return room({
    map: mapOf(cells, heights),
    party: party(pc('Ana', { abilities: [SHIELD_BASH, GRASP, HEAVE] } as never)),
    encounter: encounter([{ id: 'drake', statBlock: foe('Ruin Drake'), cell: drake }], [{ x: 1, y: 1 }]),
    revealFoes: true,
  });
}

const snap = (docs: TableDocs) => readSnapshot(docs.public, docs.secrets);
const drake = (docs: TableDocs) => snap(docs).tokensById['drake']!;
const bash = { kind: 'attack', attackerId: 'ana', targetId: 'drake', abilityId: 'Shield Bash' } as const;

describe('push as part of an attack', () => {
  it('push 2 off a height-2 ledge: 3 damage, then 2 squares east and a 2-level fall for 2 more', () => {
    const docs = ledgeRoom();
    // d20 15 + 2 = 17 vs Defense 9: hit; fray 3 (32 → 29 HP); a 2-level fall: 2 physical (Armor 0).
    const result = act(docs, ANA, bash, [15]);
    expect(result).toMatchObject({
      ok: true,
      outcome: {
        kind: 'attack',
        result: 'hit',
        forced: [
          {
            kind: 'forced-move',
            move: 'push',
            sourceId: 'ana',
            tokenId: 'drake',
            direction: 'east',
            requested: 2,
            moved: 2,
            from: { x: 2, y: 1 },
            to: { x: 4, y: 1 },
            path: [
              { x: 3, y: 1 },
              { x: 4, y: 1 },
            ],
            stop: 'complete',
            events: [{ kind: 'fall', step: 0, cell: { x: 3, y: 1 }, levels: 2 }],
            damage: [{ application: { hpBefore: 29, hpAfter: 27, hpLost: 2 } }],
          },
        ],
      },
    });
    expect(drake(docs).cell).toEqual({ x: 4, y: 1 });
    expect(drake(docs).state!.hp).toBe(27);
    const entries = snap(docs).log.filter((e) => e.kind === 'attack');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.summary).toBe(
      'Ana uses Shield Bash on Ruin Drake: hit. Ruin Drake is pushed 2 squares east to (4,1) and falls 2 levels: 2 damage',
    );
  });

  it('a miss pushes nobody', () => {
    const docs = ledgeRoom();
    expect(act(docs, ANA, bash, [2])).toMatchObject({ ok: true, outcome: { result: 'miss' } });
    expect(drake(docs).cell).toEqual({ x: 2, y: 1 });
    expect(snap(docs).log.at(-1)!.summary).toBe('Ana uses Shield Bash on Ruin Drake: miss');
  });

  it('a push into a wall stops next to it', () => {
    const docs = ledgeRoom(['.......', '....#..', '.......']);
    act(docs, ANA, bash, [15]);
    expect(drake(docs).cell).toEqual({ x: 3, y: 1 });
    // One square down off the ledge: a 2-level fall still happens.
    expect(drake(docs).state!.hp).toBe(27);
    expect(snap(docs).log.at(-1)!.summary).toBe(
      'Ana uses Shield Bash on Ruin Drake: hit. Ruin Drake is pushed 1 of 2 squares east to (3,1) ((4,1) is impassable) and falls 2 levels: 2 damage',
    );
  });

  it('a push onto an edge stops there; the edge save comes at the end of the turn', () => {
    const docs = ledgeRoom(['.......', '...._..', '.......']);
    act(docs, GM, { kind: 'start-combat' });
    act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
    act(docs, ANA, bash, [15]);
    expect(drake(docs).cell).toEqual({ x: 4, y: 1 });
    expect(snap(docs).log.at(-1)!.summary).toBe(
      'Ana uses Shield Bash on Ruin Drake: hit. Ruin Drake is pushed 2 squares east to (4,1) and falls 2 levels and ends on an edge (it saves at the end of the turn): 2 damage',
    );
    // Ana ends her turn: the Drake, on the edge, saves (d20 12: 10+ moves it to safety).
    const ended = act(docs, ANA, { kind: 'end-turn', tokenId: 'ana' }, [12]);
    expect(ended).toMatchObject({ ok: true, outcome: { edges: [{ tokenId: 'drake', removed: false }] } });
    expect(drake(docs).cell).not.toEqual({ x: 4, y: 1 });
  });

  it('on confirm: the roll waits with the push; Apply moves the Drake, the GM undoes it back to (2,1)', () => {
    const docs = ledgeRoom();
    setRoomSettings(docs, { ...snap(docs).settings, applyResults: 'on-confirm' });
    act(docs, ANA, bash, [15]);
    expect([drake(docs).cell, drake(docs).state!.hp]).toEqual([{ x: 2, y: 1 }, 32]);
    const rolled = snap(docs).log.at(-1)!;
    expect(rolled.pending?.diff.tokens).toContainEqual({
      tokenId: 'drake',
      state: expect.objectContaining({
        before: expect.objectContaining({ hp: 32 }),
        after: expect.objectContaining({ hp: 27 }),
      }),
      cell: { before: { x: 2, y: 1 }, after: { x: 4, y: 1 } },
    });
    expect(act(docs, ANA, { kind: 'apply-result', logId: rolled.id })).toMatchObject({ ok: true });
    expect([drake(docs).cell, drake(docs).state!.hp]).toEqual([{ x: 4, y: 1 }, 27]);
    const app = applicationOf(snap(docs).log.at(-1)!)!;
    revertApplication(docs, app);
    expect([drake(docs).cell, drake(docs).state!.hp]).toEqual([{ x: 2, y: 1 }, 32]);
  });
  it("the GM's damage override on Apply replaces the attack's damage; the fall still hurts", () => {
    const docs = ledgeRoom();
    setRoomSettings(docs, { ...snap(docs).settings, applyResults: 'on-confirm' });
    act(docs, ANA, bash, [15]);
    const rolled = snap(docs).log.at(-1)!;
    // 3 becomes 10: 32 − 10 = 22, then the 2-level fall: 20.
    expect(act(docs, GM, { kind: 'apply-result', logId: rolled.id, damageOverride: 10 })).toMatchObject({
      ok: true,
    });
    expect([drake(docs).cell, drake(docs).state!.hp]).toEqual([{ x: 4, y: 1 }, 20]);
  });
});

describe('pull and shove', () => {
  it('a pull draws the target straight toward the user; force never lifts it onto her ledge', () => {
    const docs = ledgeRoom(undefined, { x: 5, y: 1 });
    const result = act(docs, ANA, { kind: 'effect', userId: 'ana', abilityId: 'Grasp', targetId: 'drake' });
    expect(result).toMatchObject({
      ok: true,
      outcome: {
        kind: 'effect',
        forced: [{ move: 'pull', direction: 'west', moved: 2, to: { x: 3, y: 1 } }],
      },
    });
    // (3,1) is level 0 and (2,1) height 2: force never lifts, so it stops below the ledge.
    expect(drake(docs).cell).toEqual({ x: 3, y: 1 });
    expect(snap(docs).log.at(-1)!.summary).toBe(
      'Ana uses Grasp on Ruin Drake. Ruin Drake is pulled 2 of 3 squares west to (3,1) ((2,1) is higher terrain)',
    );
  });

  it('a shove needs a direction (refused in words, nothing spent); with one it goes that way', () => {
    const docs = ledgeRoom();
    const heave = { kind: 'effect', userId: 'ana', abilityId: 'Heave', targetId: 'drake' } as const;
    expect(act(docs, ANA, heave)).toEqual({
      ok: false,
      reason:
        'Heave shoves: choose a direction (north, north-east, east, south-east, south, south-west, west, north-west)',
    });
    expect(act(docs, ANA, { ...heave, direction: 'up' })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('expected a direction: north, north-east'),
    });
    expect(act(docs, ANA, { ...heave, direction: 'south' })).toMatchObject({
      ok: true,
      outcome: { forced: [{ move: 'shove', direction: 'south', to: { x: 2, y: 2 } }] },
    });
    expect(drake(docs).cell).toEqual({ x: 2, y: 2 });
  });

  it('on level ground a pull ends next to the user', () => {
    const docs = ledgeRoom(undefined, { x: 5, y: 1 }, FLAT);
    expect(
      act(docs, ANA, { kind: 'effect', userId: 'ana', abilityId: 'Grasp', targetId: 'drake' }),
    ).toMatchObject({
      ok: true,
      outcome: { forced: [{ move: 'pull', moved: 3, to: { x: 2, y: 1 }, stop: 'complete' }] },
    });
    expect(drake(docs).cell).toEqual({ x: 2, y: 1 });
  });
});

describe("the GM's force-move", () => {
  it('pushes by the same rules and damage, logged; players may not send it', () => {
    const docs = ledgeRoom();
    const push = { kind: 'force-move', tokenId: 'drake', move: 'push', squares: 3, sourceId: 'ana' } as const;
    expect(act(docs, ANA, push)).toEqual({
      ok: false,
      reason: 'only the GM may push, pull or shove a character by hand',
    });
    expect(act(docs, GM, push)).toMatchObject({
      ok: true,
      outcome: { kind: 'forced-move', sourceId: 'ana', moved: 3, to: { x: 5, y: 1 } },
    });
    expect([drake(docs).cell, drake(docs).state!.hp]).toEqual([{ x: 5, y: 1 }, 30]);
    expect(snap(docs).log.at(-1)).toMatchObject({
      kind: 'gm',
      summary: 'GM: Ruin Drake is pushed 3 squares east to (5,1) and falls 2 levels: 2 damage',
    });
  });

  it('refuses what it cannot do, in words', () => {
    const docs = ledgeRoom();
    expect(act(docs, GM, { kind: 'force-move', tokenId: 'drake', move: 'pull', squares: 1 })).toEqual({
      ok: false,
      reason: 'a pull needs a source: a token (sourceId) or a square (sourceCell)',
    });
    expect(
      act(docs, GM, { kind: 'force-move', tokenId: 'drake', move: 'push', squares: 21, sourceId: 'ana' }),
    ).toEqual({ ok: false, reason: 'Squares: at most 20 squares for a forced move' });
    expect(
      act(docs, GM, { kind: 'force-move', tokenId: 'drake', move: 'shove', squares: 1, direction: 'north' }),
    ).toMatchObject({ ok: true, outcome: { to: { x: 2, y: 0 } } });
  });
});
