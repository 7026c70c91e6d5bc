import { describe, expect, it } from 'vitest';
import { readSnapshot } from '../../src/table/snapshot';
import { act, encounter, foe, GM, mapOf, party, pc, player, room } from './fixtures';

const ANA = player('ana');
const BO = player('bo');

/** Grant vigor (1 × Health = 10) to a character within 3 squares. */
const RALLY = { name: 'Rally', cost: '1-action', range: 3, effect: { vigor: 1 } };
/** Stun a character within 4 squares unless it saves (the text says so: `targetSave`). */
const HEX = { name: 'Hex', cost: '1-action', range: 4, effect: { statuses: ['stunned'] } };
/** An area with no attack: fray damage (3) to everyone in a Blast 1 within range 5. */
const FLAME_WAVE = {
  name: 'Flame Wave',
  cost: '2-actions',
  range: 5,
  area: { primary: { kind: 'blast', size: 1 } },
  damageType: 'magical',
  areaEffect: { damage: { tier: 'fray' } },
};
/** Interrupt 2, not an attack: shield an ally within 2 squares with vigor. */
const GUARD = {
  name: 'Guard',
  cost: 'free',
  tags: { interrupt: 2 },
  trigger: 'an ally is attacked',
  range: 2,
  effect: { vigor: 1 },
};

// 01234567
// ........  y0
// AB.o....  y1   Ana (0,1), Bo (1,1), orc (3,1)
// C...g...  y2   Cy (0,2), grunt (4,2)
// ........  y3
function seeded() {
  return room({
    map: mapOf(['........', '........', '........', '........']),
    party: party(
      pc('Ana', { abilities: [RALLY, HEX, FLAME_WAVE] } as never),
      pc('Bo', { abilities: [GUARD] } as never),
      pc('Cy'),
    ),
    encounter: encounter(
      [
        { id: 'orc', statBlock: foe('Orc'), cell: { x: 3, y: 1 } },
        { id: 'grunt', statBlock: foe('Grunt'), cell: { x: 4, y: 2 } },
      ],
      [
        { x: 0, y: 1 },
        { x: 1, y: 1 },
        { x: 0, y: 2 },
      ],
    ),
    revealFoes: true,
  });
}

const state = (docs: ReturnType<typeof seeded>, id: string) =>
  readSnapshot(docs.public, docs.secrets).tokensById[id]!.state!;
const use = (userId: string, abilityId: string, targetId?: string, targetSave = false) => ({
  kind: 'effect',
  userId,
  abilityId,
  ...(targetId ? { targetId } : {}),
  targetSave,
});

describe('plain-effect abilities', () => {
  it('grants vigor to an ally in range; refuses one out of range; spends the action in combat', () => {
    const docs = seeded();
    expect(act(docs, ANA, use('ana', 'rally', 'grunt'))).toEqual({
      ok: false,
      reason: 'Grunt is 4 squares away; Rally reaches 3',
    });
    act(docs, GM, { kind: 'start-combat' });
    act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
    expect(act(docs, ANA, use('ana', 'rally', 'bo'))).toMatchObject({
      ok: true,
      outcome: { kind: 'effect', ability: 'Rally', targetId: 'bo', save: null, effect: { vigorGained: 10 } },
    });
    expect(state(docs, 'bo').vigor).toBe(10);
    expect(state(docs, 'ana').turn.actionsUsed).toBe(1);
    expect(act(docs, ANA, use('ana', 'rally', 'cy'))).toEqual({
      ok: false,
      reason: 'already used Rally this turn',
    });
    expect(act(docs, ANA, use('ana', 'rally', 'bo')).ok).toBe(false);
    expect(act(docs, BO, use('ana', 'rally', 'bo'))).toEqual({
      ok: false,
      reason: 'Ana is not your character',
    });
    expect(act(docs, ANA, use('ana', 'flame-wave', 'orc'))).toEqual({
      ok: false,
      reason: 'Flame Wave is an area ability: place its pattern on the map',
    });
  });

  it('puts a status on a foe in range unless its save succeeds (save d20 first)', () => {
    const docs = seeded();
    // The orc saves 7: fails, stunned.
    expect(act(docs, ANA, use('ana', 'hex', 'orc', true), [7])).toMatchObject({
      ok: true,
      outcome: { save: { total: 7, success: false }, effect: { statusesApplied: ['stunned'] } },
    });
    expect(state(docs, 'orc').statuses.map((s) => s.id)).toEqual(['stunned']);
    expect(readSnapshot(docs.public).log.at(-1)).toMatchObject({
      summary: 'Ana uses Hex on Orc',
      details: ['Orc saves: 7 — fails', 'gains stunned'],
    });
    // The grunt saves 12: avoids it entirely.
    expect(act(docs, ANA, use('ana', 'hex', 'grunt', true), [12])).toMatchObject({
      ok: true,
      outcome: { save: { total: 12, success: true }, effect: null },
    });
    expect(state(docs, 'grunt').statuses).toEqual([]);
    // No save asked for: it simply happens (no dice).
    expect(act(docs, ANA, use('ana', 'hex', 'grunt')).ok).toBe(true);
    expect(state(docs, 'grunt').statuses.map((s) => s.id)).toEqual(['stunned']);
  });

  it('an area ability with no attack applies its area effect to everyone in the area, no roll', () => {
    const docs = seeded();
    const result = act(docs, ANA, {
      kind: 'area',
      casterId: 'ana',
      abilityId: 'flame-wave',
      placement: { primary: { kind: 'blast', center: { x: 4, y: 1 } } },
    });
    expect(result).toMatchObject({ ok: true, outcome: { attack: null, pattern: 'Blast 1' } });
    expect([state(docs, 'orc').hp, state(docs, 'grunt').hp]).toEqual([29, 29]);
    expect(state(docs, 'ana').hp).toBe(40);
  });
});

describe('interrupts off-turn', () => {
  it('Interrupt 2: twice between Bo’s turns, once per turn, counted again after Bo’s own turn', () => {
    const docs = seeded();
    act(docs, GM, { kind: 'start-combat' });
    const guard = use('bo', 'guard', 'ana');
    // Guard's trigger is free text: the GM confirms it happened, then Bo may use it (docs/rules.md).
    const confirm = { kind: 'interrupt-offer', tokenId: 'bo', abilityId: 'guard', action: 'offer' };
    act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
    expect(act(docs, BO, guard)).toEqual({
      ok: false,
      reason:
        'Guard can only be used when its trigger happens: "an ally is attacked" (ask the GM to confirm it happened)',
    });
    act(docs, GM, confirm);
    expect(act(docs, BO, guard)).toMatchObject({ ok: true, outcome: { interrupt: true } });
    act(docs, GM, confirm);
    expect(act(docs, BO, guard)).toEqual({ ok: false, reason: 'already used Guard during this turn' });
    act(docs, ANA, { kind: 'end-turn', tokenId: 'ana' });
    act(docs, GM, { kind: 'start-turn', tokenId: 'orc' });
    act(docs, GM, confirm);
    expect(act(docs, BO, guard).ok).toBe(true);
    expect(state(docs, 'ana').vigor).toBe(20);
    act(docs, GM, { kind: 'end-turn', tokenId: 'orc' });
    act(docs, player('cy'), { kind: 'start-turn', tokenId: 'cy' });
    act(docs, GM, confirm);
    expect(act(docs, BO, guard)).toEqual({
      ok: false,
      reason: 'Guard is Interrupt 2: already used 2× since your last turn',
    });
    act(docs, player('cy'), { kind: 'end-turn', tokenId: 'cy' });
    act(docs, GM, { kind: 'start-turn', tokenId: 'grunt' });
    act(docs, GM, { kind: 'end-turn', tokenId: 'grunt' });
    act(docs, BO, { kind: 'start-turn', tokenId: 'bo' });
    act(docs, BO, { kind: 'end-turn', tokenId: 'bo' });
    // Round 2, the foes begin: Bo may guard again.
    act(docs, GM, { kind: 'start-turn', tokenId: 'orc' });
    act(docs, GM, confirm);
    expect(act(docs, BO, guard).ok).toBe(true);
    expect(state(docs, 'ana').vigor).toBe(30);
    // Not an interrupt, not Bo's turn: refused.
    expect(act(docs, BO, { kind: 'basic-action', tokenId: 'bo', action: 'interact' })).toEqual({
      ok: false,
      reason: "not your turn: it is Orc's turn",
    });
  });
});
