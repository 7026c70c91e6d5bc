import { describe, expect, it } from 'vitest';
import { MapSchema } from '../../../src/schema/map';
import { readSnapshot, type RoomSnapshot } from '../../../src/table/snapshot';
import type { GmDocs } from '../../../src/table/scenes/sceneContent';
import { sceneFromMap } from '../../../src/table/scenes/sceneSources';
import {
  activateScene,
  copyActiveScene,
  createScene,
  sceneList,
} from '../../../src/table/scenes/sceneWriters';
import { fightOf, fightsIn, inEarlierFight } from '../../../src/ui/replay/fights';
import { tableAfter } from '../../../src/ui/replay/tableBefore';
import { act, encounter, foe, GM, mapOf, move, party, pc, player, room } from '../../table/fixtures';

const ANA = player('ana');
const ok = (r: { ok: boolean; reason?: string }) => expect(r.reason ?? 'ok').toBe('ok');

/**
 * The yard (8×4, an orc at (6,0)); the GM copies it for later before the fight, so the copy
 * keeps the orc unhurt at (6,0) under the same token id. In the fight Ana moves, shoots the orc
 * and the orc walks to (5,1); after it the party moves on to the copy.
 */
function yardThenCopy(): { docs: GmDocs; copy: string } {
  const docs = room({
    map: mapOf(['........', '........', '........', '........'], undefined, 'The yard'),
    party: party(pc('Ana'), pc('Bo')),
    encounter: encounter(
      [{ id: 'orc', statBlock: foe('Orc'), cell: { x: 6, y: 0 } }],
      [
        { x: 0, y: 0 },
        { x: 0, y: 2 },
      ],
    ),
    revealFoes: true,
  });
  const copy = copyActiveScene(docs);
  fight(docs, '6,1 5,1');
  activateScene(docs, copy);
  return { docs, copy };
}

/** A fight: Ana steps right and shoots the orc, the orc moves along `orcPath`. */
function fight(docs: GmDocs, orcPath: string): void {
  ok(act(docs, GM, { kind: 'start-combat' }));
  ok(act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' }));
  ok(act(docs, ANA, move('ana', '1,0')));
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
  ok(act(docs, GM, move('orc', orcPath)));
  ok(act(docs, GM, { kind: 'end-combat' }));
}

const idOf = (snap: RoomSnapshot, summary: string): string => {
  const e = snap.log.find((l) => l.summary.startsWith(summary));
  if (!e) throw new Error(`no entry '${summary}' in ${snap.log.map((l) => l.summary).join(' | ')}`);
  return e.id;
};

/** Where the step-through opened at `entryId` would draw `tokenId`, step by step (none: no fight). */
function drawn(snap: RoomSnapshot, entryId: string | null, tokenId: string) {
  const f = fightOf(snap.log, entryId, snap.scene);
  if (!f) return [];
  const cells = [];
  for (let i = f.first; i <= f.last; i++) cells.push(tableAfter(snap, i).tokensById[tokenId]?.cell);
  return cells;
}

describe('the step-through and the scenes (docs/ui/step-through.md)', () => {
  it('a fight of the scene the party left is never drawn on the new map, not even on a copy of it', () => {
    const { docs } = yardThenCopy();
    for (const snap of [readSnapshot(docs.public, docs.secrets), readSnapshot(docs.public)]) {
      // The copy's orc, unhurt where it stood when the yard was copied.
      expect(snap.tokensById['orc']?.cell).toEqual({ x: 6, y: 0 });
      const orcMoved = idOf(snap, 'Orc moves to (5,1)');
      // The yard's fight would walk the copy's orc back through the yard's diffs: (5,1), hurt.
      expect(drawn(snap, orcMoved, 'orc')).toEqual([]);
      expect(drawn(snap, null, 'orc')).toEqual([]);
      expect(fightsIn(snap.log, snap.scene)).toEqual([]);
      expect(inEarlierFight(snap.log, orcMoved, snap.scene)).toBe(true);
      expect(inEarlierFight(snap.log, idOf(snap, 'The party moves on to'), snap.scene)).toBe(false);
    }
  });

  it("the new scene's own fight steps as ever; a pick in the old fight never opens it", () => {
    const { docs } = yardThenCopy();
    fight(docs, '6,1');
    const snap = readSnapshot(docs.public, docs.secrets);
    const fights = fightsIn(snap.log, snap.scene);
    expect(fights).toHaveLength(1);
    expect(snap.log[fights[0]!.first]!.summary).toMatch(/^Combat starts/);
    expect(fights[0]!.first).toBeGreaterThan(
      snap.log.findIndex((e) => e.summary.startsWith('The party moves')),
    );
    // Every step of the copy's fight: the orc at (6,0), then at (6,1) once it moved.
    const cells = drawn(snap, null, 'orc');
    expect(cells[0]).toEqual({ x: 6, y: 0 });
    expect(cells.at(-1)).toEqual({ x: 6, y: 1 });
    expect(cells).not.toContainEqual({ x: 5, y: 1 });
    const firstOrcMove = snap.log.find((e) => e.summary.startsWith('Orc moves to (5,1)'))!.id;
    expect(fightOf(snap.log, firstOrcMove, snap.scene)).toBeNull();
  });

  it('a fight of an earlier visit to the active scene is not stepped through either', () => {
    const docs = room({
      map: mapOf(['........', '........', '........', '........'], undefined, 'The yard'),
      party: party(pc('Ana'), pc('Bo')),
      encounter: encounter(
        [{ id: 'orc', statBlock: foe('Orc'), cell: { x: 6, y: 0 } }],
        [
          { x: 0, y: 0 },
          { x: 0, y: 2 },
        ],
      ),
      revealFoes: true,
    });
    fight(docs, '6,1 5,1');
    const crypt = createScene(docs, 'The crypt', sceneFromMap(MapSchema.parse(mapOf(['......', '......']))));
    const yard = sceneList(docs).find((s) => s.active)!.id;
    activateScene(docs, crypt);
    ok(act(docs, GM, { kind: 'move', tokenId: 'ana', path: [{ x: 2, y: 0 }], mode: 'move' }));
    activateScene(docs, yard);
    const snap = readSnapshot(docs.public);
    // Ana stands at (2,0), where she walked in the crypt, placed by the switch back without a
    // diff: the yard's fight walked back from here would show her crypt move on the yard.
    expect(snap.tokensById['ana']?.cell).toEqual({ x: 2, y: 0 });
    expect(fightsIn(snap.log, snap.scene)).toEqual([]);
    expect(drawn(snap, idOf(snap, 'Ana moves to (1,0)'), 'ana')).toEqual([]);
  });

  it('a room that never had a second scene steps through all its fights', () => {
    const docs = room({
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
    });
    fight(docs, '6,1 5,1');
    fight(docs, '5,2');
    const snap = readSnapshot(docs.public);
    expect(snap.scene).toBeNull();
    expect(fightsIn(snap.log, snap.scene)).toHaveLength(2);
    expect(drawn(snap, idOf(snap, 'Orc moves to (5,1)'), 'orc').at(-1)).toEqual({ x: 5, y: 1 });
  });
});
