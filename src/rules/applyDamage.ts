import type { IncomingDamage } from '../schema/incomingDamage';
import type { DamageApplicationRecord, DamageStep } from '../schema/rollRecord';
import type { Combatant } from '../schema/combatant';
import type { RoomSettings } from '../schema/settings';
import { defeat } from './health';

/** Damage arriving at a target, after it was rolled. */
export type { IncomingDamage };
export type { DamageStep };

/** What damage did to a target (as its outcome records it) and the resulting state. */
export type DamageApplication = DamageApplicationRecord & { combatant: Combatant };

/** Halves, rounding up ("Round up to the nearest whole number"). */
export function halve(amount: number): number {
  return Math.ceil(amount / 2);
}

/**
 * Applies damage ("Damage", "Armor", "Vigor", "Victory and defeat"): armor and resistance in the
 * room's `damageOrder` (default armor first), then vigor soaks, then HP; 0 HP defeats. Godly
 * ignores armor, resistance and vigor; pierce ignores armor. Incapacitated targets are immune.
 */
export function applyDamage(
  target: Combatant,
  incoming: IncomingDamage,
  settings: Pick<RoomSettings, 'damageOrder' | 'resistanceStacks'>,
): DamageApplication {
  const result = {
    targetId: target.id,
    incoming,
    immune: null as string | null,
    steps: [] as DamageStep[],
    vigorLost: 0,
    hpLost: 0,
    hpBefore: target.hp,
    hpAfter: target.hp,
    defeated: false,
    wounded: false,
    died: false,
    combatant: target,
  };
  if (target.incapacitated || target.defeated || target.dead) {
    return { ...result, immune: `${target.name} is incapacitated and immune to damage` };
  }
  const godly = incoming.type === 'godly';
  let amount = Math.max(0, incoming.amount);

  const armorStep = () => {
    const armor = target.statBlock.armor;
    const skipped = godly
      ? 'godly'
      : incoming.pierce
        ? 'pierce'
        : incoming.ignoresArmor
          ? 'ignores-armor'
          : undefined;
    const after = skipped ? amount : Math.max(0, amount - armor);
    result.steps.push({ kind: 'armor', armor, before: amount, after, ...(skipped ? { skipped } : {}) });
    amount = after;
  };
  const resistanceStep = () => {
    if (godly || incoming.ignoresResistance) return;
    const reasons: string[] = [];
    if (incoming.type !== 'godly' && target.statBlock.resistances.includes(incoming.type)) {
      reasons.push(`resists ${incoming.type}`);
    }
    if (incoming.cover) reasons.push('cover against ranged attack');
    if (reasons.length === 0) return;
    const halvings = settings.resistanceStacks ? reasons.length : 1;
    let after = amount;
    for (let i = 0; i < halvings; i += 1) after = halve(after);
    result.steps.push({ kind: 'resistance', reasons, halvings, before: amount, after });
    amount = after;
  };
  if (settings.damageOrder === 'armor-then-resistance') {
    armorStep();
    resistanceStep();
  } else {
    resistanceStep();
    armorStep();
  }

  let vigor = target.vigor;
  if (!godly && !incoming.ignoresVigor && vigor > 0 && amount > 0) {
    const absorbed = Math.min(vigor, amount);
    result.steps.push({ kind: 'vigor', before: vigor, absorbed, after: vigor - absorbed });
    vigor -= absorbed;
    amount -= absorbed;
    result.vigorLost = absorbed;
  }

  let hp = Math.max(0, target.hp - amount);
  const floor = incoming.floorHp ?? 0;
  if (hp < floor) {
    const newHp = Math.min(target.hp, floor);
    result.steps.push({ kind: 'floor', floorHp: floor, prevented: newHp - hp });
    hp = newHp;
  }
  result.hpLost = target.hp - hp;
  result.hpAfter = hp;
  let combatant: Combatant = { ...target, hp, vigor };
  if (hp === 0) {
    const defeatResult = defeat(combatant);
    combatant = defeatResult.combatant;
    result.defeated = true;
    result.wounded = defeatResult.wounded;
    result.died = defeatResult.died;
  }
  return { ...result, combatant };
}
