import { describe, expect, it } from 'vitest';
import { DEFAULT_STATUS_CATALOG } from '../../src/schema/status';
import { readSnapshot } from '../../src/table/snapshot';
import { battlefieldOf } from '../../src/table/battlefieldOf';
import { setRoomSettings } from '../../src/table/writers/roomWriters';
import { snapshotToScene } from '../../src/ui/snapshotToScene';
import { reachOf } from '../../src/ui/moveRules';
import { act, encounter, foe, GM, mapOf, move, party, pc, player, room } from './fixtures';

const ANA = player('ana');
const BO = player('bo');
const WINGS = [{ name: 'Flying', text: 'Wings.' }];

// cells           Ana starts at (0,0), Bo at (0,2); the orc far away at (6,2).
// 0123456         An edge strip in columns 2-3 of rows 0-1, a wall at (1,2) and (2,2).
// .._ _...  y0
// .._ _...  y1
// .##....  y2
const MAP = mapOf(['..__...', '..__...', '.##....']);

function fight(ana: Parameters<typeof pc>[1] = {}, bo: Parameters<typeof pc>[1] = {}) {
  const docs = room({
    map: MAP,
    party: party(pc('Ana', ana), pc('Bo', bo)),
    encounter: encounter(
      [{ id: 'orc', statBlock: foe('Orc'), cell: { x: 6, y: 2 } }],
      [
        { x: 0, y: 0 },
        { x: 0, y: 2 },
      ],
    ),
    revealFoes: true,
  });
  expect(act(docs, GM, { kind: 'start-combat' }).ok).toBe(true);
  return docs;
}
const at = (docs: ReturnType<typeof fight>, id: string) => readSnapshot(docs.public).tokensById[id]!.cell;

describe('flying and phasing at the table (a trait or a status)', () => {
  it('a Flying trait: the move intent crosses the edge strip a walker stops in', () => {
    const docs = fight({ traits: WINGS });
    expect(battlefieldOf(readSnapshot(docs.public))!.occupants.find((o) => o.id === 'ana')).toMatchObject({
      flying: true,
    });
    expect(act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' }).ok).toBe(true);
    // Speed 4: four squares east, over both edge squares, cost 4, no edge event.
    expect(act(docs, ANA, move('ana', '1,0 2,0 3,0 4,0'))).toMatchObject({
      ok: true,
      outcome: { cost: 4, events: [] },
    });
    expect(at(docs, 'ana')).toEqual({ x: 4, y: 0 });
  });

  it('a walker without the trait is stopped by the first edge square', () => {
    const docs = fight();
    act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
    expect(act(docs, ANA, move('ana', '1,0 2,0 3,0 4,0'))).toEqual({
      ok: false,
      reason:
        'step 3 to (3,0) leaves the edge space (2,0): only a flying character can cross an edge, a move into one ends there',
    });
  });

  it('a flier may stop over the edge with movement left, but not end its turn there', () => {
    const docs = fight({ traits: WINGS });
    act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
    // Cost 2 of Speed 4: 2 squares left, so it can still fly off.
    expect(act(docs, ANA, move('ana', '1,0 2,0'))).toMatchObject({ ok: true, outcome: { cost: 2 } });
    expect(act(docs, ANA, { kind: 'end-turn', tokenId: 'ana' })).toEqual({
      ok: false,
      reason:
        'Ana is flying over an edge: move off the edge before ending the turn (a flier cannot end its turn there)',
    });
    // With only 1 square left a stop at (3,0) would leave (4,0) reachable: allowed; at (3,1)… fine.
    expect(act(docs, ANA, move('ana', '3,0'))).toMatchObject({ ok: true });
    expect(act(docs, ANA, move('ana', '3,1'))).toEqual({
      ok: false,
      reason:
        'Ana cannot stop over the edge at (3,1) with 0 squares of movement left to fly off: a flier cannot end its turn on an edge',
    });
    expect(act(docs, ANA, move('ana', '4,0'))).toMatchObject({ ok: true });
    expect(act(docs, ANA, { kind: 'end-turn', tokenId: 'ana' })).toMatchObject({ ok: true });
  });

  it('a Phasing trait: the move intent goes through the wall a walker cannot enter', () => {
    const docs = fight({}, { traits: [{ name: 'Phasing', text: 'Walks through walls.' }] });
    act(docs, BO, { kind: 'start-turn', tokenId: 'bo' });
    expect(act(docs, BO, move('bo', '1,2 2,2 3,2'))).toMatchObject({ ok: true, outcome: { cost: 3 } });
    expect(at(docs, 'bo')).toEqual({ x: 3, y: 2 });
  });

  it('without it the wall blocks, and a phaser cannot stop inside the wall', () => {
    const docs = fight({}, { traits: [{ name: 'phasing', text: '' }] });
    act(docs, BO, { kind: 'start-turn', tokenId: 'bo' });
    expect(act(docs, BO, move('bo', '1,2'))).toEqual({
      ok: false,
      reason:
        'cannot end the move at (1,2): (1,2) is impassable (phasing passes through, it does not stop inside)',
    });
    const walker = fight();
    act(walker, BO, { kind: 'start-turn', tokenId: 'bo' });
    expect(act(walker, BO, move('bo', '1,2 2,2 3,2'))).toEqual({
      ok: false,
      reason: 'step 1 to (1,2) is blocked: (1,2) is impassable',
    });
  });

  it('a status from the room catalog that grants flight works like the trait', () => {
    const docs = fight();
    setRoomSettings(docs, {
      statuses: [
        ...DEFAULT_STATUS_CATALOG,
        { id: 'levitating', name: 'Levitating', description: 'Floats.', grantsFlying: true },
      ],
    });
    expect(act(docs, GM, { kind: 'add-status', tokenId: 'ana', statusId: 'levitating' }).ok).toBe(true);
    act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
    expect(act(docs, ANA, move('ana', '1,0 2,0 3,0 4,0'))).toMatchObject({ ok: true, outcome: { cost: 4 } });
  });

  it('the reach overlay offers a flier the squares past the edge, and the edge squares themselves', () => {
    const flier = snapshotToScene(readSnapshot(fight({ traits: WINGS }).public));
    const walker = snapshotToScene(readSnapshot(fight().public));
    const key = (r: ReturnType<typeof reachOf>) => r!.cells.map((c) => `${c.x},${c.y}:${c.cost}`).sort();
    expect(key(reachOf(flier, 'ana'))).toContain('4,0:4');
    expect(key(reachOf(flier, 'ana'))).toContain('3,0:3');
    expect(key(reachOf(walker, 'ana'))).not.toContain('4,0:4');
    expect(key(reachOf(walker, 'ana'))).toContain('2,0:2');
    expect(key(reachOf(walker, 'ana'))).not.toContain('3,0:3');
  });
});

describe('allies: a move may stop in their space, the turn may not end there', () => {
  it('Ana stops on Bo with movement left, cannot end her turn there, then steps off', () => {
    const docs = fight();
    act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
    expect(act(docs, ANA, move('ana', '0,1 0,2'))).toMatchObject({ ok: true, outcome: { cost: 2 } });
    expect(act(docs, ANA, { kind: 'end-turn', tokenId: 'ana' })).toEqual({
      ok: false,
      reason:
        "Ana stands in Bo's space: move off it before ending the turn (allies can be passed through, but a turn cannot end in their space)",
    });
    expect(act(docs, ANA, move('ana', '0,1'))).toMatchObject({ ok: true });
    expect(act(docs, ANA, { kind: 'end-turn', tokenId: 'ana' })).toMatchObject({ ok: true });
  });

  it('a stop on Bo that spends the last square is refused (the turn could never end)', () => {
    const docs = fight({ speed: 2 });
    act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
    expect(act(docs, ANA, move('ana', '0,1 0,2'))).toEqual({
      ok: false,
      reason:
        "Ana cannot stop in Bo's space at (0,2) with 0 squares of movement left to step off: a turn cannot end in an ally's space",
    });
  });

  it("allySpaceForbids 'move-end': no move may stop on Bo", () => {
    const docs = fight();
    setRoomSettings(docs, { allySpaceForbids: 'move-end' });
    act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
    expect(act(docs, ANA, move('ana', '0,1 0,2'))).toEqual({
      ok: false,
      reason: 'cannot end the move at (0,2): another character is there',
    });
  });

  it("the reach overlay follows the room's setting: Bo's square is offered only under 'turn-end'", () => {
    const docs = fight();
    act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
    const offered = () =>
      reachOf(snapshotToScene(readSnapshot(docs.public)), 'ana')!.cells.some((c) => c.x === 0 && c.y === 2);
    expect(offered()).toBe(true);
    setRoomSettings(docs, { allySpaceForbids: 'move-end' });
    expect(offered()).toBe(false);
  });
});

describe('defeated player characters still obstruct foes (setting defeatedPlayersObstruct)', () => {
  // Bo is defeated at (0,2); the orc at (0,1)... is moved by the GM across him.
  function downed() {
    const docs = room({
      map: mapOf(['.......', '.......', '.......']),
      party: party(pc('Ana'), pc('Bo')),
      encounter: encounter(
        [{ id: 'orc', statBlock: foe('Orc'), cell: { x: 0, y: 1 } }],
        [
          { x: 6, y: 0 },
          { x: 1, y: 1 },
        ],
      ),
      revealFoes: true,
    });
    expect(act(docs, GM, { kind: 'adjust-hp', tokenId: 'bo', amount: 99 })).toMatchObject({ ok: true });
    return docs;
  }

  it('default: the orc cannot walk through fallen Bo', () => {
    const docs = downed();
    expect(readSnapshot(docs.public).tokensById['bo']!.state!.incapacitated).toBe(true);
    expect(act(docs, GM, move('orc', '1,1 2,1'))).toEqual({
      ok: false,
      reason: 'step 1 to (1,1) is blocked: (1,1) is occupied by defeated hostile Bo',
    });
  });

  it('off: the orc walks over him', () => {
    const docs = downed();
    setRoomSettings(docs, { defeatedPlayersObstruct: false });
    expect(act(docs, GM, move('orc', '1,1 2,1'))).toMatchObject({ ok: true, outcome: { cost: 2 } });
  });
});
