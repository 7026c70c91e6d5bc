import { INITIAL_COMBAT_STATE } from '../../../src/ui/model/combatState';
import { describe, expect, it } from 'vitest';
import { areaPreview, directionTo, lineStart } from '../../../src/ui/combat/areaPreview';
import { lineOfSightReport } from '../../../src/ui/combat/lineOfSightTool';
import { AbilitySchema } from '../../../src/schema/ability';
import { combatOverlayState } from '../../../src/ui/combat/combatOverlayState';
import { combatRoom, snapshotOf } from './combatRoom';

const fireBurst = () => snapshotOf(combatRoom()).tokensById['sage']!.statBlock!.abilities[0]!;

describe('area template ghost', () => {
  it('a Blast 1 centred on (7,3) covers 9 squares and affects exactly the Brute and the Goblin', () => {
    const snap = snapshotOf(combatRoom());
    const preview = areaPreview(snap, 'sage', fireBurst(), { x: 7, y: 3 })!;
    expect(preview.result.legal).toBe(true);
    expect(preview.result.areaSpaces).toHaveLength(9);
    expect(preview.result.attackSpace).toEqual({ x: 7, y: 3 });
    expect(preview.result.affected.map((a) => a.id).sort()).toEqual(['brute', 'goblin']);
    // Nobody stands on the centre square: no attack roll, the area effect hits both.
    expect(preview.result.affected.some((a) => a.inAttackSpace)).toBe(false);
  });

  it('is illegal out of range, with the reason', () => {
    const snap = snapshotOf(combatRoom());
    const preview = areaPreview(snap, 'sage', fireBurst(), { x: 9, y: 0 })!;
    expect(preview.result.legal).toBe(false);
    expect(preview.result.reason).toBe('blast centre (9,0) is 6 squares away; range is 4');
  });

  it('a Line runs from the side of the caster facing the pointer', () => {
    expect(directionTo({ cell: { x: 2, y: 2 }, size: 2 }, { x: 7, y: 3 })).toBe('east');
    expect(directionTo({ cell: { x: 2, y: 2 }, size: 2 }, { x: 3, y: 0 })).toBe('north');
    expect(lineStart({ cell: { x: 2, y: 2 }, size: 2 }, { x: 7, y: 3 }, 'east')).toEqual({ x: 4, y: 3 });
    expect(lineStart({ cell: { x: 2, y: 2 }, size: 2 }, { x: 9, y: 9 }, 'south')).toEqual({ x: 3, y: 4 });
  });

  it('an Arc is built square by square and marks the last square as the attack space', () => {
    const snap = snapshotOf(combatRoom());
    const arc = AbilitySchema.parse({
      name: 'Sweep',
      cost: '1-action',
      area: { primary: { kind: 'arc', size: 3 } },
      effect: { damage: { tier: 'fray' } },
    });
    const partial = areaPreview(snap, 'brute', arc, { x: 5, y: 3 }, [{ x: 6, y: 2 }])!;
    expect(partial.incomplete).toBe(true);
    const full = areaPreview(snap, 'brute', arc, { x: 7, y: 4 }, [
      { x: 6, y: 2 },
      { x: 7, y: 2 },
      { x: 7, y: 3 },
    ])!;
    expect(full.incomplete).toBe(false);
    expect(full.result.legal).toBe(true);
    expect(full.result.attackSpace).toEqual({ x: 7, y: 3 });
  });
});

describe('line-of-sight tool', () => {
  it('from the Ranger token to the Brute: clear, with cover from the wall', () => {
    const snap = snapshotOf(combatRoom());
    const r = lineOfSightReport(snap, { x: 1, y: 2 }, { x: 6, y: 3 })!;
    expect(r.from.tokenName).toBe('Ranger');
    expect(r.to.tokenName).toBe('Brute');
    expect(r.summary).toBe('Clear, target has cover');
    expect(r.sight.coverCells.length).toBeGreaterThan(0);
    expect(r.sight.coverCells.every((c) => c.x === 5)).toBe(true);
  });

  it('between empty squares across the wall from low ground: blocked by the taller terrain', () => {
    const snap = snapshotOf(combatRoom());
    // The wall square (5,2) next to the target is exactly its Size tall: cover, not a block.
    expect(lineOfSightReport(snap, { x: 3, y: 3 }, { x: 6, y: 2 })!.summary).toBe('Clear, target has cover');
    // From the hill's foot: the 2-high hill square (1,3) next to the viewer is taller than it.
    const blocked = lineOfSightReport(snap, { x: 2, y: 4 }, { x: 0, y: 0 })!;
    expect(blocked.summary).toBe('Blocked');
    expect(blocked.lines[0]).toMatch(/terrain next to the (viewer|target) taller than it/);
  });

  it('open ground: clear, no cover', () => {
    const snap = snapshotOf(combatRoom());
    expect(lineOfSightReport(snap, { x: 3, y: 5 }, { x: 9, y: 6 })!.summary).toBe('Clear, no cover');
  });
});

describe('combat overlay state', () => {
  it('draws the Blast ghost: 9 legal squares, the attack space, and outlines on exactly the Brute and the Goblin', () => {
    const snap = snapshotOf(combatRoom());
    const area = areaPreview(snap, 'sage', fireBurst(), { x: 7, y: 3 });
    const derived = {
      snapshot: snap,
      choices: [],
      choice: null,
      targeting: null,
      effect: null,
      area,
      sight: null,
      movePath: null,
      pointer: { x: 7, y: 3 },
    };
    const state = INITIAL_COMBAT_STATE;
    const drawn = combatOverlayState(derived, state);
    expect(drawn.area!.legal).toBe(true);
    expect(drawn.area!.squares).toHaveLength(9);
    expect(drawn.area!.attackSpace).toEqual({ x: 7, y: 3 });
    expect(drawn.area!.affected).toEqual([
      { cell: { x: 6, y: 3 }, size: 1 },
      { cell: { x: 7, y: 4 }, size: 1 },
    ]);
    expect(drawn.sight).toBeUndefined();
  });
});
