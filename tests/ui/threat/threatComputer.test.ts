import { describe, expect, it } from 'vitest';
import { makeBattlefield, parseAsciiMap } from '../../../src/grid';
import { DEFAULT_ROOM_SETTINGS } from '../../../src/schema/settings';
import { ThreatComputer } from '../../../src/ui/threat/threatView';
import type { ThreatSource } from '../../../src/ui/threat/threatView';
import { ability, foe, pc } from '../../rules/fixtures';

const claw = ability({
  name: 'Claw',
  cost: '1-action',
  tags: { attack: true },
  range: 1,
  attack: { kind: 'melee', onHit: { damage: { tier: 'light' } } },
});
const { map } = parseAsciiMap('......\n......\n......');
function sourceWith(foeAt: { x: number; y: number }): ThreatSource {
  const bf = makeBattlefield(map, [
    { id: 'f', cell: foeAt, size: 1, side: 'foes' },
    { id: 'P', cell: { x: 0, y: 0 }, size: 1, side: 'party' },
  ]);
  const settings = DEFAULT_ROOM_SETTINGS;
  return {
    input: { bf, settings, catalog: settings.statuses, turn: null },
    characters: [
      {
        id: 'f',
        name: 'Foe',
        side: 'foes',
        cell: foeAt,
        combatant: foe('f', {}, { speed: 1, abilities: [claw] }),
        incapacitated: false,
      },
      { id: 'P', name: 'Ana', side: 'party', cell: { x: 0, y: 0 }, combatant: pc('P'), incapacitated: false },
    ],
  };
}
const now = () => Promise.resolve();

describe('the threat computer reuses what did not change', () => {
  it('the same table (a chat line, a log entry) gives the very same view; a foe’s move a new one', async () => {
    const computer = new ThreatComputer();
    const first = await computer.compute(sourceWith({ x: 4, y: 1 }), 'foes', 'P', true, now);
    const again = await computer.compute(sourceWith({ x: 4, y: 1 }), 'foes', 'P', true, now);
    expect(again).toBe(first);
    const moved = await computer.compute(sourceWith({ x: 3, y: 1 }), 'foes', 'P', true, now);
    expect(moved).not.toBe(first);
    expect(moved!.count).not.toEqual(first!.count);
  });
});
