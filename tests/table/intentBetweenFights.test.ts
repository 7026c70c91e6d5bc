import { describe, expect, it } from 'vitest';
import { OutcomeSchema } from '../../src/schema/outcome';
import { readSnapshot } from '../../src/table/snapshot';
import { updateCombatant } from '../../src/table/writers/roomWriters';
import { moveToken } from '../../src/table/writers/tokenWriters';
import { act, encounter, foe, GM, mapOf, move, party, pc, player, room } from './fixtures';

const ANA = player('ana');

// An edge strip in columns 3-4 (rows 0-1); Ana starts at (2,0), Bo at (0,0), the Orc at (0,2).
const EDGE_MAP = mapOf(['...__..', '...__..', '.......']);

function edgeRoom() {
  const docs = room({
    map: EDGE_MAP,
    party: party(pc('Ana'), pc('Bo')),
    encounter: encounter(
      [{ id: 'orc', statBlock: foe('Orc'), cell: { x: 0, y: 2 } }],
      [
        { x: 2, y: 0 },
        { x: 0, y: 0 },
      ],
    ),
    revealFoes: true,
  });
  return docs;
}
const snap = (docs: ReturnType<typeof edgeRoom>) => readSnapshot(docs.public, docs.secrets);

describe('edge return at the table', () => {
  it('Ana falls off an edge, waits out the round, and comes back at the start of her next turn', () => {
    const docs = edgeRoom();
    act(docs, GM, { kind: 'start-combat' });
    act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
    expect(act(docs, ANA, move('ana', '3,0')).ok).toBe(true);
    // Edge save d20 5: removed from play.
    const ended = act(docs, ANA, { kind: 'end-turn', tokenId: 'ana' }, [5]);
    expect(ended.ok).toBe(true);
    expect(snap(docs).tokensById['ana']!.state!.removedFromPlay).toEqual({
      cell: { x: 3, y: 0 },
      returns: 'start-of-next-turn',
    });
    const line = snap(docs).log.find((e) => e.summary === 'Ana ends their turn')!;
    expect(line.details).toEqual([
      'ends on an edge: save 5 — removed from play (comes back at the start of its next turn)',
    ]);
    // Not her turn: the orc's.
    act(docs, GM, { kind: 'start-turn', tokenId: 'orc' });
    expect(act(docs, ANA, { kind: 'return-to-play', tokenId: 'ana' })).toEqual({
      ok: false,
      reason: 'Ana comes back at the start of its next turn',
    });
    // The orc's turn ends with no dice: Ana, already removed, does not save again.
    expect(act(docs, GM, { kind: 'end-turn', tokenId: 'orc' }).ok).toBe(true);
    act(docs, player('bo'), { kind: 'start-turn', tokenId: 'bo' });
    act(docs, player('bo'), { kind: 'end-turn', tokenId: 'bo' });
    // Round 2 starts with the foes (the party went last); then Ana's turn. She cannot act before
    // coming back.
    expect(act(docs, GM, { kind: 'start-turn', tokenId: 'orc' }).ok).toBe(true);
    expect(act(docs, GM, { kind: 'end-turn', tokenId: 'orc' }).ok).toBe(true);
    expect(act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' }).ok).toBe(true);
    expect(act(docs, ANA, { kind: 'basic-action', tokenId: 'ana', action: 'interact' })).toEqual({
      ok: false,
      reason: 'Ana was removed from play by an edge: come back first',
    });
    const back = act(docs, ANA, { kind: 'return-to-play', tokenId: 'ana' });
    expect(back.ok && OutcomeSchema.parse(back.outcome)).toEqual({
      kind: 'return-to-play',
      tokenId: 'ana',
      from: { x: 3, y: 0 },
      cell: { x: 2, y: 0 },
    });
    expect(snap(docs).tokensById['ana']).toMatchObject({
      cell: { x: 2, y: 0 },
      state: { removedFromPlay: null },
    });
    expect(snap(docs).log.at(-1)!.summary).toBe('Ana comes back into play at (2,0)');
    expect(act(docs, ANA, { kind: 'basic-action', tokenId: 'ana', action: 'interact' }).ok).toBe(true);
  });

  it('a mob removed by an edge never comes back', () => {
    const docs = room({
      map: EDGE_MAP,
      party: party(pc('Ana')),
      encounter: encounter(
        [{ id: 'rat', statBlock: foe('Rat', { template: 'mob' }), cell: { x: 2, y: 1 } }],
        [{ x: 0, y: 0 }],
      ),
      revealFoes: true,
    });
    moveToken(docs, 'rat', { x: 3, y: 1 });
    act(docs, GM, { kind: 'start-combat' });
    act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
    // The rat's edge save: d20 3 fails.
    expect(act(docs, ANA, { kind: 'end-turn', tokenId: 'ana' }, [3]).ok).toBe(true);
    expect(snap(docs).tokensById['rat']!.state).toMatchObject({
      defeated: true,
      removedFromPlay: { returns: 'never' },
    });
    expect(act(docs, GM, { kind: 'return-to-play', tokenId: 'rat' })).toEqual({
      ok: false,
      reason: 'Rat is a mob: mobs removed by an edge do not come back',
    });
  });
});

describe('between fights', () => {
  it('an interlude heals every wound; a new expedition refills elixirs; both only out of combat', () => {
    const docs = edgeRoom();
    updateCombatant(docs, 'ana', (s) => ({ ...s, wounds: 2, hp: 12, elixirs: 0 }));
    act(docs, GM, { kind: 'start-combat' });
    expect(act(docs, GM, { kind: 'interlude' })).toEqual({
      ok: false,
      reason: 'an interlude happens between fights: end combat first',
    });
    act(docs, GM, { kind: 'end-combat' });
    expect(act(docs, ANA, { kind: 'interlude' })).toEqual({
      ok: false,
      reason: 'only the GM may call an interlude',
    });
    expect(act(docs, GM, { kind: 'interlude' })).toMatchObject({
      ok: true,
      outcome: { kind: 'interlude', healed: [{ tokenId: 'ana', wounds: 2 }] },
    });
    expect(snap(docs).tokensById['ana']!.state).toMatchObject({ wounds: 0, hp: 12, elixirs: 0 });
    expect(snap(docs).tokensById['ana']!.maxHp).toBe(40);
    expect(snap(docs).log.at(-1)!.summary).toBe('Interlude: Ana recovers 2 wounds');
    expect(act(docs, GM, { kind: 'new-expedition' })).toMatchObject({ ok: true });
    expect(snap(docs).tokensById['ana']!.state!.elixirs).toBe(2);
    expect(snap(docs).tokensById['orc']!.state!.elixirs).toBe(0);
    expect(snap(docs).log.at(-1)!.summary).toBe('New expedition: every player character has 2 elixirs');
  });
});
