import { describe, expect, it } from 'vitest';
import { gmMoveRule } from '../../../src/ui/input/gmMoveRule';
import type { Scene, SceneToken } from '../../../src/ui/Scene';
import type { MapData } from '../../../src/schema/map';

const MAP: MapData = {
  schemaVersion: 1,
  kind: 'map',
  name: 't',
  width: 6,
  height: 3,
  cells: ['......', '......', '......'],
  heights: ['000000', '000000', '000000'],
  destructible: [],
};

const token = (over: Partial<SceneToken> & { id: string }): SceneToken => ({
  name: over.id[0]!.toUpperCase() + over.id.slice(1),
  cell: { x: 0, y: 0 },
  size: 1,
  side: 'foes',
  ownerIds: [],
  statuses: [],
  blights: [],
  incapacitated: false,
  hidden: false,
  hp: 8,
  maxHp: 8,
  speed: 4,
  movementUsed: 0,
  ...over,
});

const brute = token({ id: 'brute' });
const goblin = token({ id: 'goblin', cell: { x: 3, y: 0 } });
const lurker = token({ id: 'lurker', cell: { x: 5, y: 2 }, hidden: true });
const crate = token({ id: 'crate', cell: { x: 2, y: 2 }, hp: undefined, maxHp: undefined, speed: undefined });
const scene = (turn: Scene['turn']): Scene => ({
  map: MAP,
  tokens: [brute, goblin, lurker, crate],
  chapter: 1,
  turn,
});
const fight = (currentId: string | null) => scene({ round: 1, currentId, acted: [] });

describe('what a GM drag (or arrow key) does with a token (issue 12, dead end 5)', () => {
  it('out of combat: a free placement, as before, with or without Shift', () => {
    expect(gmMoveRule(scene(null), brute, false)).toEqual({ kind: 'place' });
    expect(gmMoveRule(scene(null), brute, true)).toEqual({ kind: 'place' });
  });

  it('in combat, the acting character moves by the rules (the move intent spends its movement)', () => {
    expect(gmMoveRule(fight('brute'), brute, false)).toEqual({ kind: 'rules' });
  });

  it('in combat, Shift makes any drag a free placement that the log reports', () => {
    expect(gmMoveRule(fight('brute'), brute, true)).toEqual({ kind: 'place-logged' });
    expect(gmMoveRule(fight('brute'), goblin, true)).toEqual({ kind: 'place-logged' });
  });

  it('in combat, a character who is not acting is refused with a sentence naming the one who is', () => {
    expect(gmMoveRule(fight('brute'), goblin, false)).toEqual({
      kind: 'refuse',
      reason:
        "Only the acting character moves: it is Brute's turn. Hold Shift to place Goblin anyway (the log will say so).",
    });
    expect(gmMoveRule(fight(null), goblin, false)).toEqual({
      kind: 'refuse',
      reason:
        "Only the acting character moves, and nobody is acting: start Goblin's turn first, or hold Shift to place Goblin anyway (the log will say so).",
    });
  });

  it('hidden tokens (left out of the fight) and tokens without combat state stay free placements', () => {
    expect(gmMoveRule(fight('brute'), lurker, false)).toEqual({ kind: 'place' });
    expect(gmMoveRule(fight('brute'), crate, false)).toEqual({ kind: 'place' });
  });
});
