import type { Combatant } from '../schema/combatant';
import { emptyTurnUsage } from '../schema/combatant';
import type { RoomSettings } from '../schema/settings';
import { baseMaxHp } from '../schema/statBlock';

/** A refused request: the reason is shown to the person who asked. */
export interface Refusal {
  ok: false;
  reason: string;
}

/** Max HP: 4 × Health, minus one Health per wound ("Hit Points", "Wound"). */
export function maxHp(combatant: Pick<Combatant, 'statBlock' | 'wounds'>): number {
  return Math.max(0, baseMaxHp(combatant.statBlock) - combatant.wounds * combatant.statBlock.health);
}

/**
 * Max vigor: `maxVigorHealthMultiple` (default 4) × Health, minus one Health per wound
 * (interpretation: docs/rules/health-and-defeat.md#health-vigor-and-wounds).
 */
export function maxVigor(
  combatant: Pick<Combatant, 'statBlock' | 'wounds'>,
  settings: Pick<RoomSettings, 'maxVigorHealthMultiple'>,
): number {
  return Math.max(0, (settings.maxVigorHealthMultiple - combatant.wounds) * combatant.statBlock.health);
}

/** Bloodied: below 50% of (current) max HP. Defeated characters are not counted as bloodied. */
export function isBloodied(combatant: Pick<Combatant, 'statBlock' | 'wounds' | 'hp'>): boolean {
  return bloodiedAt(combatant.hp, maxHp(combatant));
}

/** Bloodied from the two numbers alone (for views that carry HP but no stat block). */
export function bloodiedAt(hp: number, maxHpNow: number): boolean {
  return hp > 0 && hp * 2 < maxHpNow;
}

/** True when the combatant cannot take turns or actions (defeated, dead, surrendered). */
export function isOutOfAction(
  combatant: Pick<Combatant, 'incapacitated' | 'dead' | 'surrendered' | 'defeated'>,
) {
  return combatant.incapacitated || combatant.dead || combatant.surrendered || combatant.defeated;
}

/**
 * Defeat at 0 HP ("Victory and defeat"). A PC clears all effects (statuses, blights, vigor), gains
 * a wound and is incapacitated; with 3 wounds already it dies instead. A foe is incapacitated and
 * keeps its effects (they no longer matter: it is immune).
 */
export function defeat(combatant: Combatant): { combatant: Combatant; wounded: boolean; died: boolean } {
  const base = { ...combatant, hp: 0, defeated: true, incapacitated: true, slowTurn: false };
  if (combatant.statBlock.kind === 'foe') return { combatant: base, wounded: false, died: false };
  if (combatant.wounds >= 3)
    return { combatant: { ...base, dead: true, vigor: 0 }, wounded: false, died: true };
  return {
    combatant: { ...base, wounds: combatant.wounds + 1, statuses: [], blights: [], vigor: 0 },
    wounded: true,
    died: false,
  };
}

/** Grants vigor in multiples of Health, capped at max vigor (it adds to what is there). */
export function grantVigor(
  combatant: Combatant,
  healthMultiple: number,
  settings: Pick<RoomSettings, 'maxVigorHealthMultiple'>,
): { combatant: Combatant; gained: number } {
  if (isOutOfAction(combatant)) return { combatant, gained: 0 };
  const cap = maxVigor(combatant, settings);
  const vigor = Math.min(cap, combatant.vigor + healthMultiple * combatant.statBlock.health);
  return { combatant: { ...combatant, vigor }, gained: vigor - combatant.vigor };
}

/** Heals HP up to max HP. Healing does not revive a defeated character (that takes a rescue). */
export function heal(combatant: Combatant, amount: number): { combatant: Combatant; healed: number } {
  if (combatant.defeated || combatant.dead) return { combatant, healed: 0 };
  const hp = Math.min(maxHp(combatant), combatant.hp + Math.max(0, amount));
  return { combatant: { ...combatant, hp }, healed: hp - combatant.hp };
}

/** Rescue ("Rescue"): a defeated ally heals to full (max HP after wounds) and stands back up. */
export function rescue(target: Combatant): { ok: true; combatant: Combatant } | Refusal {
  if (target.dead) return { ok: false, reason: `${target.name} is dead` };
  if (target.surrendered) return { ok: false, reason: `${target.name} surrendered and cannot be rescued` };
  if (!target.defeated) return { ok: false, reason: `${target.name} is not defeated` };
  if (target.statBlock.kind === 'foe') return { ok: false, reason: 'only player characters can be rescued' };
  return {
    ok: true,
    combatant: { ...target, hp: maxHp(target), defeated: false, incapacitated: false },
  };
}

/**
 * Surrender instead of taking damage: immune to that ability (the caller skips its damage and
 * effects), defeated for the rest of the battle, no wound, cannot be rescued.
 */
export function surrender(combatant: Combatant): Combatant {
  return { ...combatant, surrendered: true, defeated: true, incapacitated: true, slowTurn: false };
}

/**
 * Drink an elixir, out of combat only: heals 50% of max HP (rounded up). A defeated but living
 * character may drink one after the fight and is back on its feet (docs/rules/health-and-defeat.md#elixirs).
 */
export function drinkElixir(
  combatant: Combatant,
  inCombat: boolean,
): { ok: true; combatant: Combatant; healed: number } | Refusal {
  if (inCombat) return { ok: false, reason: 'elixirs can only be drunk out of combat' };
  if (combatant.dead) return { ok: false, reason: `${combatant.name} is dead` };
  if (combatant.elixirs <= 0) return { ok: false, reason: `${combatant.name} has no elixirs left` };
  const max = maxHp(combatant);
  const hp = Math.min(max, combatant.hp + Math.ceil(max / 2));
  return {
    ok: true,
    combatant: { ...combatant, hp, elixirs: combatant.elixirs - 1, defeated: false, incapacitated: false },
    healed: hp - combatant.hp,
  };
}

/**
 * End of combat: blights, statuses, vigor, slow turns and per-turn bookkeeping clear; incapacity
 * lifts and surrender ends with the battle. Characters at 0 HP stay defeated until healed (an
 * elixir); the dead stay dead (docs/rules/health-and-defeat.md#elixirs).
 */
export function endCombat(combatant: Combatant): Combatant {
  return {
    ...combatant,
    blights: [],
    statuses: [],
    vigor: 0,
    slowTurn: false,
    surrendered: false,
    defeated: combatant.dead || combatant.hp === 0,
    incapacitated: combatant.dead,
    turn: emptyTurnUsage(),
    usedThisRound: {},
    attackedThisRound: false,
    interruptsSinceTurn: {},
    interruptLastTurn: {},
    // Resolve builds up over one combat; bonuses for "your next ability" do not outlive the fight.
    resolve: 0,
    nextAbility: [],
    abilityBonus: null,
  };
}

/** Start of an expedition: elixirs refill to the room's number (2 by the rules). */
export function startExpedition(
  combatant: Combatant,
  settings: Pick<RoomSettings, 'elixirsPerExpedition'>,
): Combatant {
  return { ...combatant, elixirs: combatant.statBlock.kind === 'pc' ? settings.elixirsPerExpedition : 0 };
}
