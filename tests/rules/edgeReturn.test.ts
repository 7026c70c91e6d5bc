import { describe, expect, it } from 'vitest';
import { checkEdgeReturn, removeByEdge } from '../../src/rules/edgeReturn';
import { interlude, startExpedition } from '../../src/rules/interlude';
import { checkAction } from '../../src/rules/actionEconomy';
import { RoomSettingsSchema } from '../../src/schema/settings';
import { DEFAULT_STATUS_CATALOG } from '../../src/schema/status';
import { foe, pc, settings } from './fixtures';

const AT = { x: 3, y: 0 };
const FRESH = { byGm: false, inCombat: true, onOwnTurn: true, turnUsed: false };

describe('edge return', () => {
  it('records who comes back when: PCs on their next turn, foes at the GM’s word, mobs never', () => {
    expect(removeByEdge(pc('a'), AT).removedFromPlay).toEqual({ cell: AT, returns: 'start-of-next-turn' });
    expect(removeByEdge(foe('f'), AT).removedFromPlay).toEqual({ cell: AT, returns: 'gm-discretion' });
    expect(removeByEdge(foe('m', {}, { template: 'mob' }), AT).removedFromPlay).toEqual({
      cell: AT,
      returns: 'never',
    });
  });

  it('a player character comes back at the start of its own next turn, before moving or acting', () => {
    const gone = removeByEdge(pc('a'), AT);
    expect(checkEdgeReturn(gone, FRESH)).toBeNull();
    expect(checkEdgeReturn(gone, { ...FRESH, onOwnTurn: false })).toBe(
      'PC a comes back at the start of its next turn',
    );
    expect(checkEdgeReturn(gone, { ...FRESH, turnUsed: true })).toBe(
      'PC a can only come back at the start of its turn, before moving or acting',
    );
  });

  it('a foe comes back when the GM says so, at the start of its turn; a mob never', () => {
    const gone = removeByEdge(foe('f'), AT);
    expect(checkEdgeReturn(gone, { ...FRESH, byGm: true })).toBeNull();
    expect(checkEdgeReturn(gone, FRESH)).toBe('only the GM brings back Foe f');
    const mob = removeByEdge(foe('m', {}, { template: 'mob' }), AT);
    expect(checkEdgeReturn(mob, { ...FRESH, byGm: true })).toBe(
      'Foe m is a mob: mobs removed by an edge do not come back',
    );
  });

  it('a mob is out of the fight for good: defeated, without a wound', () => {
    expect(removeByEdge(foe('m', {}, { template: 'mob' }), AT)).toMatchObject({
      defeated: true,
      incapacitated: true,
      wounds: 0,
    });
    expect(removeByEdge(foe('f'), AT)).toMatchObject({ defeated: false, incapacitated: false });
  });

  it('nobody comes back who never left', () => {
    expect(checkEdgeReturn(pc('a'), FRESH)).toBe('PC a is in play');
  });

  it('a character removed from play cannot act', () => {
    const ctx = { onOwnTurn: true, turnSerial: 1, catalog: DEFAULT_STATUS_CATALOG };
    expect(checkAction(removeByEdge(pc('a'), AT), { kind: 'basic', action: 'interact' }, ctx)).toEqual({
      ok: false,
      reason: 'PC a was removed from play by an edge: come back first',
    });
  });
});

describe('interlude and expeditions', () => {
  it('an interlude heals every wound by default and leaves HP and elixirs as they are', () => {
    expect(RoomSettingsSchema.parse({}).woundsPerInterlude).toBe(3);
    const rested = interlude(pc('a', { wounds: 2, hp: 10, elixirs: 1 }), settings());
    expect(rested).toEqual({
      combatant: expect.objectContaining({ wounds: 0, hp: 10, elixirs: 1 }),
      woundsHealed: 2,
    });
  });

  it('a room may heal fewer wounds per interlude', () => {
    expect(interlude(pc('a', { wounds: 3 }), settings({ woundsPerInterlude: 1 })).combatant.wounds).toBe(2);
  });

  it('the dead and foes are untouched', () => {
    expect(interlude(pc('a', { wounds: 3, dead: true }), settings()).woundsHealed).toBe(0);
    expect(interlude(foe('f', { wounds: 1 }), settings()).woundsHealed).toBe(0);
  });

  it('a new expedition refills elixirs to the room’s number (2 by the text)', () => {
    expect(startExpedition(pc('a', { elixirs: 0 }), settings()).elixirs).toBe(2);
    expect(startExpedition(pc('a', { elixirs: 0 }), settings({ elixirsPerExpedition: 3 })).elixirs).toBe(3);
  });
});
