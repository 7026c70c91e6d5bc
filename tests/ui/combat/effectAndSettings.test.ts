import { describe, expect, it } from 'vitest';
import { fixedDice } from '../../../src/lib/dice';
import { applyIntent } from '../../../src/table/applyIntent';
import type { Actor } from '../../../src/table/applyIntent';
import { readSnapshot } from '../../../src/table/snapshot';
import { setRoomSettings } from '../../../src/table/writers/roomWriters';
import type { Ability } from '../../../src/schema/ability';
import { actionChoices } from '../../../src/ui/combat/actionChoices';
import { effectTargetsFor } from '../../../src/ui/combat/effectTargets';
import { describeEffect } from '../../../src/ui/combat/EffectSection';
import { lineOfSightReport } from '../../../src/ui/combat/lineOfSightTool';
import { targetingFor } from '../../../src/ui/combat/targeting';
import { encounter, foe, mapOf, party, pc, room } from '../../table/fixtures';
import { combatRoom, snapshotOf } from './combatRoom';

const SAGE: Actor = { role: 'player', characterIds: ['sage'] };
const ward = () => snapshotOf(combatRoom()).tokensById['sage']!.statBlock!.abilities[1]!;

describe('plain-effect abilities (Ward: vigor, range 3)', () => {
  it('lists the user first, then everyone in range and sight; the Goblin 4 squares away is refused', () => {
    const t = effectTargetsFor(snapshotOf(combatRoom()), 'sage', ward())!;
    expect(t.range).toBe(3);
    expect(t.targets.map((o) => [o.id, o.distance, o.legal])).toEqual([
      ['sage', 0, true],
      ['brute', 3, true],
      ['ranger', 3, true],
      ['goblin', 4, false],
    ]);
    expect(t.targets.at(-1)!.reason).toBe('Goblin is 4 squares away; Ward reaches 3');
    expect(describeEffect(ward().effect!)).toBe('vigor ×1 Health');
  });

  it('the server agrees with every row: legal ones apply, the refused one gets the same reason', () => {
    const docs = combatRoom();
    const preview = effectTargetsFor(snapshotOf(docs), 'sage', ward())!;
    for (const o of preview.targets) {
      const intent = {
        kind: 'effect',
        userId: 'sage',
        abilityId: 'ward',
        ...(o.self ? {} : { targetId: o.id }),
      };
      const answer = applyIntent(docs, SAGE, intent, fixedDice([]), { now: 1 });
      expect(answer.ok ? null : answer.reason).toBe(o.reason);
    }
    // Out of combat nothing is spent; vigor ×1 of the receiver's Health (Ranger 8, Sage 6).
    const after = snapshotOf(docs);
    expect(after.tokensById['ranger']!.state!.vigor).toBe(8);
    expect(after.tokensById['sage']!.state!.vigor).toBe(6);
  });
});

// cells        heights
// 012345678    012345678
// .........    000000000  y0
// .........    000030000  y1
// .........    200030000  y2   Ana (1,2), orc (8,2)
// .........    000030000  y3
// .........    000000000  y4
// A height-3 ridge in column 4 touches neither character: clear by the rules as written, blocked
// with the room setting `tallTerrainBlocksSight: 'anywhere'`.
function ridgeRoom() {
  return room({
    map: mapOf(
      ['.........', '.........', '.........', '.........', '.........'],
      ['000000000', '000030000', '200030000', '000030000', '000000000'],
    ),
    party: party(pc('Ana', { basicAttacks: { melee: { range: 1 }, ranged: { range: 10 } } } as never)),
    encounter: encounter([{ id: 'orc', statBlock: foe('Orc', {}), cell: { x: 8, y: 2 } }], [{ x: 1, y: 2 }]),
    revealFoes: true,
  });
}

describe("the room's settings reach the previews", () => {
  it("tallTerrainBlocksSight 'anywhere': the sight tool and the attack preview see the ridge", () => {
    const docs = ridgeRoom();
    const shot = (): { legal: boolean; reason: string | null } => {
      const snap = readSnapshot(docs.public);
      // The basic ranged attack as the Act panel offers it.
      const choice = actionChoices(snap.tokensById['ana']!.statBlock!).find((c) => c.id === 'basic-ranged')!;
      const orc = targetingFor(snap, 'ana', choice as { ability: Ability; basic: boolean })!.targets[0]!;
      return { legal: orc.context.legal, reason: orc.context.reason ?? null };
    };
    const sight = () => lineOfSightReport(readSnapshot(docs.public), { x: 1, y: 2 }, { x: 8, y: 2 })!;
    expect(sight().summary).toBe('Clear, no cover');
    expect(shot()).toEqual({ legal: true, reason: null });
    setRoomSettings(docs, { tallTerrainBlocksSight: 'anywhere' });
    expect(sight().summary).toBe('Blocked');
    expect(sight().lines).toContain('(4,2): terrain taller than both characters');
    // The same words the server refuses the shot with (tests/table/intentSettings.test.ts).
    expect(shot()).toEqual({
      legal: false,
      reason: 'no line of sight: (4,2) blocks (taller terrain between)',
    });
  });
});
