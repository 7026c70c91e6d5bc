import { describe, expect, it } from 'vitest';
import { postLogNote } from '../../../src/table/writers/roomWriters';
import { readSnapshot } from '../../../src/table/snapshot';
import { fightsIn, fightOf, roundJumps, roundsOf } from '../../../src/ui/replay/fights';
import { tableAfter, tableBefore } from '../../../src/ui/replay/tableBefore';
import { snapshotToScene } from '../../../src/ui/snapshotToScene';
import { act, encounter, foe, GM, mapOf, move, party, pc, player, room } from '../../table/fixtures';

const ANA = player('ana');
const BO = player('bo');

/** Ana and Bo against an orc on open ground; a fight of real entries, resolved by the server's code. */
function fought(foeHp: 'exact' | 'hidden' = 'exact') {
  const docs = room(
    {
      map: mapOf(['........', '........', '........', '........']),
      party: party(pc('Ana'), pc('Bo')),
      encounter: encounter(
        [{ id: 'orc', statBlock: foe('Orc'), cell: { x: 6, y: 0 } }],
        [
          { x: 0, y: 0 },
          { x: 0, y: 2 },
        ],
      ),
      revealFoes: true,
    },
    foeHp,
  );
  const ok = (r: { ok: boolean; reason?: string }) => expect(r.reason ?? 'ok').toBe('ok');
  ok(act(docs, GM, { kind: 'move', tokenId: 'orc', path: [{ x: 5, y: 0 }] })); // before the fight
  ok(act(docs, GM, { kind: 'start-combat' }));
  ok(act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' }));
  ok(act(docs, ANA, move('ana', '1,0')));
  ok(act(docs, ANA, move('ana', '2,0')));
  postLogNote(docs, 'The orc growls', false); // no diff: moves nothing
  ok(
    act(
      docs,
      ANA,
      { kind: 'attack', attackerId: 'ana', targetId: 'orc', abilityId: 'basic-ranged' },
      [15, 4, 5],
    ),
  );
  ok(act(docs, ANA, { kind: 'end-turn', tokenId: 'ana' }));
  ok(act(docs, GM, { kind: 'start-turn', tokenId: 'orc' }));
  ok(act(docs, GM, { kind: 'end-turn', tokenId: 'orc' }));
  ok(act(docs, BO, { kind: 'start-turn', tokenId: 'bo' }));
  ok(act(docs, BO, { kind: 'end-turn', tokenId: 'bo' }));
  ok(act(docs, GM, { kind: 'start-turn', tokenId: 'orc' })); // round 2 begins: foes first
  ok(act(docs, GM, move('orc', '5,1')));
  ok(act(docs, GM, { kind: 'end-combat' }));
  ok(act(docs, ANA, move('ana', '2,1 3,1'))); // after the fight
  return docs;
}

const at = (snap: ReturnType<typeof readSnapshot>, summary: string) => {
  const i = snap.log.findIndex((e) => e.summary.startsWith(summary));
  if (i < 0) throw new Error(`no entry '${summary}' in ${snap.log.map((e) => e.summary).join(' | ')}`);
  return i;
};

describe('a fight walked back from the room as it is now', () => {
  const docs = fought();
  const snap = readSnapshot(docs.public);

  it('a fight runs from "Combat starts" to "Combat ends", both included', () => {
    const fights = fightsIn(snap.log, snap.scene);
    expect(fights).toEqual([
      { first: at(snap, 'Combat starts'), last: at(snap, 'Combat ends'), ended: true },
    ]);
    expect(fightOf(snap.log, null, snap.scene)).toEqual(fights[0]);
    expect(fightOf(snap.log, snap.log[at(snap, 'Ana moves to (2,0)')]!.id, snap.scene)).toEqual(fights[0]);
  });

  it('each step shows tokens where they stood after it, and HP as it was', () => {
    const cellOf = (s: ReturnType<typeof readSnapshot>, id: string) => s.tokensById[id]!.cell;
    expect(cellOf(snap, 'ana')).toEqual({ x: 3, y: 1 });
    expect(cellOf(tableAfter(snap, at(snap, 'Ana moves to (1,0)')), 'ana')).toEqual({ x: 1, y: 0 });
    expect(cellOf(tableAfter(snap, at(snap, 'Ana moves to (2,0)')), 'ana')).toEqual({ x: 2, y: 0 });
    expect(cellOf(tableBefore(snap, at(snap, 'Combat starts')), 'ana')).toEqual({ x: 0, y: 0 });
    expect(cellOf(tableBefore(snap, at(snap, 'Combat starts')), 'orc')).toEqual({ x: 5, y: 0 });
    expect(cellOf(tableAfter(snap, at(snap, 'Combat ends')), 'ana')).toEqual({ x: 2, y: 0 });
    expect(cellOf(tableAfter(snap, at(snap, 'Combat ends')), 'orc')).toEqual({ x: 5, y: 1 });
    expect(cellOf(tableBefore(snap, at(snap, 'Orc moves to (5,1)')), 'orc')).toEqual({ x: 5, y: 0 });

    const attack = at(snap, 'Ana uses Basic ranged attack');
    const hit = tableAfter(snap, attack).tokensById['orc']!;
    const before = tableBefore(snap, attack).tokensById['orc']!;
    expect(before.state!.hp).toBe(before.maxHp);
    expect(hit.state!.hp).toBeLessThan(before.state!.hp);
    expect(hit.state!.hp).toBe(snap.tokensById['orc']!.state!.hp);
    // The entry without a diff (the GM's note) moves nothing.
    expect(tableBefore(snap, at(snap, 'The orc growls'))).toEqual(
      tableAfter(snap, at(snap, 'The orc growls')),
    );
    // The turn order too: none before the fight, Ana acting after her turn started.
    expect(tableBefore(snap, at(snap, 'Combat starts')).turn).toBeNull();
    expect(tableAfter(snap, attack).turn?.currentId).toBe('ana');
    // The scene is derived from the past snapshot like the live one.
    const scene = snapshotToScene(tableAfter(snap, at(snap, 'Ana moves to (1,0)')));
    expect(scene.tokens.find((t) => t.id === 'ana')!.cell).toEqual({ x: 1, y: 0 });
  });

  it('is pure: the room now is untouched, and the last step of the log is the room now', () => {
    const json = JSON.stringify(snap);
    tableBefore(snap, 0);
    expect(JSON.stringify(snap)).toBe(json);
    expect(tableBefore(snap, snap.log.length)).toBe(snap);
  });

  it('rounds come from the turn order each entry left, and round jumps follow them', () => {
    const fight = fightOf(snap.log, null, snap.scene)!;
    const rounds = roundsOf(snap.log, fight);
    expect(rounds).toHaveLength(fight.last - fight.first + 1);
    const round2 = at(snap, 'Round 2 begins') - fight.first;
    expect(rounds.slice(0, round2)).toEqual(rounds.slice(0, round2).map(() => 1));
    expect(rounds.slice(round2)).toEqual(rounds.slice(round2).map(() => 2));
    expect(roundJumps(rounds, 0)).toEqual({ previous: 0, next: round2 });
    expect(roundJumps(rounds, round2 + 1)).toEqual({ previous: round2, next: rounds.length - 1 });
    expect(roundJumps(rounds, round2)).toEqual({ previous: 0, next: rounds.length - 1 });
  });
});

describe('what a player steps through', () => {
  it('a foe whose HP players do not get shows no HP and no bloodied ring in a past moment', () => {
    const docs = fought('hidden');
    const snap = readSnapshot(docs.public);
    const attack = snap.log.findIndex((e) => e.kind === 'attack');
    const orc = tableAfter(snap, attack).tokensById['orc']!;
    expect(orc.hpHidden).toBe(true);
    expect(orc.bloodied).toBe(false);
    // The player's log never carried the orc's HP: its state is what the room shows players now.
    expect(orc.state!.hp).toBe(snap.tokensById['orc']!.state!.hp);
    expect(tableBefore(snap, at(snap, 'Ana moves to (2,0)')).tokensById['ana']!.cell).toEqual({ x: 1, y: 0 });
  });

  it('a foe whose HP players do not get still steps back: its squares and the turn order are in their log', () => {
    const docs = room(
      {
        map: mapOf(['......', '......']),
        party: party(pc('Ana')),
        encounter: encounter([{ id: 'orc', statBlock: foe('Orc'), cell: { x: 5, y: 0 } }], [{ x: 0, y: 0 }]),
        revealFoes: true,
      },
      'bloodied',
    );
    for (const [who, intent] of [
      [GM, { kind: 'start-combat' }],
      [ANA, { kind: 'start-turn', tokenId: 'ana' }],
      [ANA, move('ana', '1,0')],
      [ANA, { kind: 'end-turn', tokenId: 'ana' }],
      [GM, { kind: 'start-turn', tokenId: 'orc' }],
      [GM, move('orc', '4,0')],
      [GM, { kind: 'end-turn', tokenId: 'orc' }], // the round is over: round 2 begins
      [ANA, { kind: 'start-turn', tokenId: 'ana' }],
      [ANA, move('ana', '2,0')],
    ] as const)
      expect(act(docs, who, intent).ok).toBe(true);
    const snap = readSnapshot(docs.public);
    const fight = fightOf(snap.log, null, snap.scene)!;
    const byLine = Object.fromEntries(
      roundsOf(snap.log, fight).map((r, i) => [snap.log[fight.first + i]!.summary, r]),
    );
    expect(byLine).toMatchObject({
      'Orc moves to (4,0), cost 1': 1,
      'Orc ends their turn': 1,
      'Round 2 begins: party side first': 2,
      'Ana starts their turn (round 2)': 2,
    });
    // The orc's lines reach players as twins (its HP is kept from them) that keep where it went
    // and the turn order, never its state.
    const orcMove = snap.log.find((e) => e.summary === 'Orc moves to (4,0), cost 1')!;
    expect(orcMove.diff?.tokens).toEqual([
      { tokenId: 'orc', cell: { before: { x: 5, y: 0 }, after: { x: 4, y: 0 } } },
    ]);
    expect(tableBefore(snap, at(snap, 'Orc moves to (4,0), cost 1')).tokensById['orc']!.cell).toEqual({
      x: 5,
      y: 0,
    });
    expect(tableBefore(snap, at(snap, 'Ana moves to (2,0)')).tokensById['ana']!.cell).toEqual({ x: 1, y: 0 });
  });
});
