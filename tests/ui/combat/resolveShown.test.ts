import { describe, expect, it } from 'vitest';
import { fixedDice } from '../../../src/lib/dice';
import { applyIntent } from '../../../src/table/applyIntent';
import type { Actor } from '../../../src/table/applyIntent';
import type { TableDocs } from '../../../src/table/docLayout';
import { actionChoices, choiceLabel } from '../../../src/ui/combat/actionChoices';
import { actionsLeftOf, trackerView } from '../../../src/ui/combat/turnTracker';
import { PlayerCharacterSchema } from '../../../src/schema/statBlock';
import { combatRoom, snapshotOf } from './combatRoom';
import { snapshotToScene } from '../../../src/ui/snapshotToScene';
import { drawnTokens } from '../../../src/ui/Scene';

const GM: Actor = { role: 'gm' };
const RANGER: Actor = { role: 'player', characterIds: ['ranger'] };
const SAGE: Actor = { role: 'player', characterIds: ['sage'] };

function send(docs: TableDocs, actor: Actor, intent: unknown) {
  const result = applyIntent(docs, actor, intent, fixedDice([]), { now: 1_700_000_000_000 });
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
}

describe('Resolve on the turn tracker and the Act panel', () => {
  it('every player character shows Resolve 0, then 1 once round 2 begins; foes show none', () => {
    const docs = combatRoom();
    send(docs, GM, { kind: 'start-combat' });
    const resolveOf = () =>
      Object.fromEntries(trackerView(snapshotOf(docs)).rows.map((r) => [r.id, r.resolve]));
    expect(resolveOf()).toEqual({ ranger: 0, sage: 0, brute: null, goblin: null });
    for (const [actor, id] of [
      [RANGER, 'ranger'],
      [GM, 'brute'],
      [SAGE, 'sage'],
      [GM, 'goblin'],
    ] as const) {
      send(docs, actor, { kind: 'start-turn', tokenId: id });
      send(docs, actor, { kind: 'end-turn', tokenId: id });
    }
    expect(trackerView(snapshotOf(docs)).round).toBe(2);
    expect(resolveOf()).toEqual({ ranger: 1, sage: 1, brute: null, goblin: null });
    expect(actionsLeftOf(snapshotOf(docs), 'ranger')?.resolve).toBe(1);
    expect(actionsLeftOf(snapshotOf(docs), 'brute')?.resolve).toBeNull();
    // On the battlefield: the token of a PC carries its Resolve (drawn after its name), a foe's none.
    const views = drawnTokens(snapshotToScene(snapshotOf(docs)), { role: 'gm', characterIds: [] });
    expect(views.find((t) => t.id === 'ranger')?.resolve).toBe(1);
    expect(views.find((t) => t.id === 'brute')?.resolve).toBeUndefined();
  });

  it('a Limit Break in the action list shows the Resolve held against its cost', () => {
    const pc = PlayerCharacterSchema.parse({
      kind: 'pc',
      name: 'Sage',
      health: 6,
      defense: 9,
      speed: 4,
      attackBonus: 2,
      frayDamage: 2,
      damageDie: 8,
      basicAttacks: { melee: { range: 1 }, ranged: { range: 4 } },
      abilities: [
        { name: 'Starfall', cost: '2-actions', tags: { limitBreak: 3 }, effect: { heal: 1 } },
        { name: 'Ward', cost: '1-action', effect: { vigor: 1 } },
      ],
    });
    const [starfall, ward] = actionChoices(pc);
    expect(choiceLabel(starfall!, 1)).toBe('Starfall · 2 actions · Limit Break · Resolve 1/3');
    expect(choiceLabel(ward!, 1)).toBe('Ward · 1 action');
  });
});
