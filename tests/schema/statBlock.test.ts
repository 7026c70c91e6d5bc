import { describe, expect, it } from 'vitest';
import { AbilitySchema } from '../../src/schema/ability';
import { CombatantSchema } from '../../src/schema/combatant';
import { parseOrThrow, SchemaError } from '../../src/schema/formatIssues';
import { DEFAULT_ROOM_SETTINGS, RoomSettingsSchema } from '../../src/schema/settings';
import { StatBlockSchema } from '../../src/schema/statBlock';
import { DEFAULT_STATUS_CATALOG, StatusCatalogSchema } from '../../src/schema/status';
import { SAMPLE_FOE, SAMPLE_PC } from '../../src/rules/samples';

const minimalPc = {
  kind: 'pc',
  name: 'Ayla',
  health: 7,
  defense: 9,
  speed: 4,
  attackBonus: 2,
  frayDamage: 2,
  damageDie: 8,
  basicAttacks: { melee: { range: 1 }, ranged: { range: 6, damageType: 'magical' } },
};

describe('stat block schemas', () => {
  it('fill defaults: PC size 1, armor 0, 2 elixirs, version 1', () => {
    const pc = StatBlockSchema.parse(minimalPc);
    expect(pc).toMatchObject({ kind: 'pc', size: 1, armor: 0, elixirs: 2, schemaVersion: 1, abilities: [] });
  });

  it('foes may be bigger and have a template, but no basic attacks field', () => {
    const foe = StatBlockSchema.parse({
      ...minimalPc,
      kind: 'foe',
      size: 2,
      template: 'elite',
      basicAttacks: undefined,
    });
    expect(foe).toMatchObject({ kind: 'foe', size: 2, template: 'elite' });
    expect('basicAttacks' in foe).toBe(false);
  });

  it('rejects a PC of size 2 and a d7, naming file and path', () => {
    expect(() =>
      parseOrThrow(StatBlockSchema, { ...minimalPc, size: 2, damageDie: 7 }, 'characters/ayla.json'),
    ).toThrow(SchemaError);
    try {
      parseOrThrow(StatBlockSchema, { ...minimalPc, size: 2, damageDie: 7 }, 'characters/ayla.json');
    } catch (error) {
      const e = error as SchemaError;
      expect(e.message).toMatch(/^characters\/ayla\.json:/);
      expect(e.issues).toContain('damageDie: expected a damage die by its sides: 4, 6, 8, 10 or 12');
      expect(e.issues.some((line) => line.startsWith('size: '))).toBe(true);
    }
  });

  it('rejects bad abilities with the path into the list', () => {
    const bad = { ...minimalPc, abilities: [{ name: 'Smite', cost: '3-actions' }] };
    const result = StatBlockSchema.safeParse(bad);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['abilities', 0, 'cost']);
  });

  it('an attack-tagged ability needs an attack component; an interrupt needs a trigger', () => {
    const noAttack = AbilitySchema.safeParse({ name: 'Hit', cost: '1-action', tags: { attack: true } });
    expect(noAttack.error?.issues[0]).toMatchObject({ path: ['attack'] });
    const noTrigger = AbilitySchema.safeParse({ name: 'Parry', cost: 'free', tags: { interrupt: 1 } });
    expect(noTrigger.error?.issues[0]).toMatchObject({ path: ['trigger'] });
  });

  it('parses areas and structured components', () => {
    const ability = AbilitySchema.parse({
      name: 'Firestorm',
      cost: '2-actions',
      tags: { attack: true, keywords: ['fire'] },
      range: 5,
      area: { primary: { kind: 'blast', size: 1 } },
      damageType: 'magical',
      attack: { kind: 'ranged', onHit: { damage: { tier: 'heavy' }, blights: ['burning'] } },
      areaEffect: { damage: { tier: 'fray' } },
    });
    expect(ability.attack?.onHit).toMatchObject({
      damage: { tier: 'heavy', bonus: 0, boost: 0 },
      blights: ['burning'],
    });
  });

  it('the samples are valid stat blocks', () => {
    expect(StatBlockSchema.parse(SAMPLE_PC)).toEqual(SAMPLE_PC);
    expect(StatBlockSchema.parse(SAMPLE_FOE)).toEqual(SAMPLE_FOE);
  });
});

describe('combatant, status and settings schemas', () => {
  it('combatants hold at most four distinct blights', () => {
    const base = { id: 'a', name: 'A', side: 'party', statBlock: SAMPLE_PC, hp: 10 };
    expect(
      CombatantSchema.safeParse({ ...base, blights: ['burning', 'burning'] }).error?.issues[0]?.message,
    ).toBe('blights must be distinct');
    expect(
      CombatantSchema.safeParse({ ...base, blights: ['burning', 'poisoned', 'frostbite', 'electrified'] })
        .success,
    ).toBe(true);
    expect(CombatantSchema.safeParse({ ...base, blights: ['acid'] }).success).toBe(false);
  });

  it('the default catalog has unique ids; duplicates are refused', () => {
    expect(DEFAULT_STATUS_CATALOG.map((s) => s.id)).toEqual([
      'slow',
      'dazed',
      'weakened',
      'blinded',
      'vulnerable',
      'pacified',
      'sealed',
      'stunned',
    ]);
    const twice = [...DEFAULT_STATUS_CATALOG, DEFAULT_STATUS_CATALOG[0]];
    expect(StatusCatalogSchema.safeParse(twice).error?.issues[0]?.message).toBe('status ids must be unique');
  });

  it('room settings default every interpretation', () => {
    expect(DEFAULT_ROOM_SETTINGS).toMatchObject({
      damageOrder: 'armor-then-resistance',
      resistanceStacks: false,
      frayAddsToDice: true,
      criticalAlwaysHits: true,
      maxVigorHealthMultiple: 4,
      blightFloorHp: 1,
      elixirsPerExpedition: 2,
      firstSide: 'party',
      whackIgnoresArmor: false,
      fallDamageIgnoresArmor: false,
      tallTerrainBlocksSight: 'adjacent-only',
      rangedAreaIsRangedAttack: true,
      effectsGainHeightRange: false,
      areaCoverForEveryArea: true,
      slowTurnDeclaredAt: 'round-start',
      firstTurnBeatsSlow: true,
      defeatedPlayersObstruct: true,
      allySpaceForbids: 'turn-end',
    });
    expect(RoomSettingsSchema.safeParse({ damageOrder: 'vigor-first' }).error?.issues[0]?.path).toEqual([
      'damageOrder',
    ]);
  });
});
