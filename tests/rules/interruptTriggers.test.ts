import { describe, expect, it } from 'vitest';
import { interruptTriggers } from '../../src/rules/interruptTriggers';
import type { TriggerState } from '../../src/rules/interruptTriggers';
import { AbilitySchema } from '../../src/schema/ability';
import type { Combatant } from '../../src/schema/combatant';
import { DEFAULT_STATUS_CATALOG } from '../../src/schema/status';
import { SAMPLE_PC } from '../../src/rules/samples';
import { ability, foe, pc } from './fixtures';

const riposte = ability({
  name: 'Riposte',
  cost: 'free',
  tags: { interrupt: 1 },
  trigger: { kind: 'moves-adjacent', who: 'foe' },
  effect: { damage: { tier: 'fray' } },
});
const parting = ability({
  name: 'Parting Shot',
  cost: 'free',
  tags: { interrupt: 2 },
  trigger: { kind: 'moves-away', who: 'foe' },
});
const shield = ability({
  name: 'Shield Ally',
  cost: 'free',
  tags: { interrupt: 1 },
  trigger: { kind: 'targeted', who: 'ally' },
  effect: { vigor: 1 },
});
const opening = ability({
  name: 'Opening',
  cost: 'free',
  tags: { interrupt: 1 },
  trigger: { kind: 'turn-ends', who: 'foe' },
});
const gmCall = ability({
  name: 'Read the Room',
  cost: 'free',
  tags: { interrupt: 1 },
  trigger: 'A foe casts a spell.',
});

function knight(id: string, overrides: Partial<Combatant> = {}): Combatant {
  return pc(id, overrides, { abilities: [riposte, parting, shield, opening, gmCall] });
}

/** The knight stands at (5,5); the foe starts three squares west and walks east. */
function state(combatants: Combatant[], turnSerial = 7): TriggerState {
  return {
    combatants,
    positions: [
      { id: 'k', cell: { x: 5, y: 5 }, size: 1 },
      { id: 'ally', cell: { x: 9, y: 9 }, size: 1 },
      { id: 'f', cell: { x: 2, y: 5 }, size: 1 },
    ],
    turnSerial,
    currentId: 'f',
    catalog: DEFAULT_STATUS_CATALOG,
  };
}
const WALK_IN = [
  { x: 2, y: 5 },
  { x: 3, y: 5 },
  { x: 4, y: 5 },
];
const WALK_PAST = [...WALK_IN, { x: 4, y: 4 }, { x: 4, y: 3 }];

describe('interruptTriggers', () => {
  it('a foe stepping next to the knight fires Riposte (and nothing else)', () => {
    const fired = interruptTriggers(
      { kind: 'move', moverId: 'f', path: WALK_IN, dash: false },
      state([knight('k'), foe('f')]),
    );
    expect(fired).toEqual([
      { characterId: 'k', ability: 'Riposte', subjectId: 'f', trigger: 'moves-adjacent' },
    ]);
  });

  it('walking in and out again fires both, each once', () => {
    const fired = interruptTriggers(
      { kind: 'move', moverId: 'f', path: WALK_PAST, dash: false },
      state([knight('k'), foe('f')]),
    );
    expect(fired.map((f) => f.ability)).toEqual(['Riposte', 'Parting Shot']);
  });

  it('a dash triggers none', () => {
    expect(
      interruptTriggers(
        { kind: 'move', moverId: 'f', path: WALK_PAST, dash: true },
        state([knight('k'), foe('f')]),
      ),
    ).toEqual([]);
  });

  it('an ally moving next to the knight is no foe', () => {
    const s = state([knight('k'), pc('ally'), foe('f')]);
    const path = [
      { x: 9, y: 9 },
      { x: 6, y: 5 },
    ];
    expect(interruptTriggers({ kind: 'move', moverId: 'ally', path, dash: false }, s)).toEqual([]);
  });

  it('an attack on an ally fires Shield Ally; an attack on the knight does not', () => {
    const s = state([knight('k'), pc('ally'), foe('f')]);
    expect(interruptTriggers({ kind: 'attack', attackerId: 'f', targetIds: ['ally'] }, s)).toEqual([
      { characterId: 'k', ability: 'Shield Ally', subjectId: 'ally', trigger: 'targeted' },
    ]);
    expect(interruptTriggers({ kind: 'attack', attackerId: 'f', targetIds: ['k'] }, s)).toEqual([]);
  });

  it('a foe ending its turn fires Opening; a turn start fires nothing here', () => {
    const s = state([knight('k'), foe('f')]);
    expect(interruptTriggers({ kind: 'turn-end', combatantId: 'f' }, s)).toEqual([
      { characterId: 'k', ability: 'Opening', subjectId: 'f', trigger: 'turn-ends' },
    ]);
    expect(interruptTriggers({ kind: 'turn-start', combatantId: 'f' }, s)).toEqual([]);
  });

  it('lists only interrupts their owner may use now', () => {
    // Riposte was used during this very turn (serial 7): once per any turn.
    const used = knight('k', { interruptLastTurn: { Riposte: 7 }, interruptsSinceTurn: { Riposte: 1 } });
    expect(
      interruptTriggers({ kind: 'move', moverId: 'f', path: WALK_IN, dash: false }, state([used, foe('f')])),
    ).toEqual([]);
    const down = knight('k', { hp: 0, defeated: true, incapacitated: true });
    expect(
      interruptTriggers({ kind: 'move', moverId: 'f', path: WALK_IN, dash: false }, state([down, foe('f')])),
    ).toEqual([]);
  });

  it('free-text triggers are never detected: the GM confirms them', () => {
    const events = [
      { kind: 'turn-start', combatantId: 'f' },
      { kind: 'attack', attackerId: 'f', targetIds: ['k'] },
    ] as const;
    for (const event of events)
      expect(interruptTriggers(event, state([knight('k'), foe('f')])).map((f) => f.ability)).not.toContain(
        'Read the Room',
      );
  });
});

describe('stored triggers', () => {
  it('a plain-string trigger (older data) reads as free text, word for word', () => {
    const riposteOld = SAMPLE_PC.abilities.find((a) => a.name === 'Riposte')!;
    expect(riposteOld.trigger).toEqual({
      kind: 'text',
      text: 'An adjacent foe misses you with a melee attack.',
    });
  });

  it('an unknown trigger kind is refused with its path', () => {
    const bad = AbilitySchema.safeParse({
      name: 'X',
      cost: 'free',
      tags: { interrupt: 1 },
      trigger: { kind: 'sneezes' },
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['trigger', 'kind']);
  });
});
