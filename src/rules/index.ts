/**
 * The ICON rules engine: pure functions over plain data. Everything that rolls takes a `Dice`;
 * every resolution returns an outcome with each die, each modifier and its source, and the new
 * state. Interpretations of ambiguous rules are listed in docs/rules.md.
 */

/** Boons and curses: netting and the d6 roll. */
export { netBoons, rollBoonsCurses } from './boonsCurses';
export type { BoonCurseRoll } from './boonsCurses';
/** To-hit rolls (d20 + attack bonus ± boons/curses vs Defense; critical at 20+). */
export { CRITICAL_TOTAL, rollAttack } from './rollAttack';
export type { AttackRoll } from './rollAttack';
/** Save rolls (d20 ± boons/curses, 10+). */
export { rollSave, SAVE_TARGET } from './rollSave';
export type { SaveRoll } from './rollSave';
/** Exact odds for the UI before rolling. */
export { hitChance, saveChance } from './hitChance';
export type { HitChance, Probability } from './hitChance';
/** Damage tiers, boosts, bonus dice and their ranges. */
export { boostTier, rollDamage, TIER_DICE } from './rollDamage';
export type { BoostedTier, DamageRequest, DamageRoll } from './rollDamage';
export { damageRange, damageRanges } from './damageRange';
export { damageDistribution, meanOf } from './damageDistribution';
export type { DamageDistribution } from './damageDistribution';
export type { DamageRange } from './damageRange';
/** Armor, resistance, vigor, HP and defeat. */
export { applyDamage, halve } from './applyDamage';
export type { DamageApplication, DamageStep, IncomingDamage } from './applyDamage';
/** Health, vigor, wounds, rescue, surrender, elixirs, end of combat. */
export {
  defeat,
  drinkElixir,
  endCombat,
  grantVigor,
  heal,
  bloodiedAt,
  isBloodied,
  isOutOfAction,
  maxHp,
  maxVigor,
  rescue,
  startExpedition,
  surrender,
} from './health';
export type { Refusal } from './health';
/** Building combatants from stat blocks. */
export { createCombatant } from './createCombatant';
/** Statuses from the room catalog, and their end-of-turn saves. */
export {
  actionsPerTurn,
  applyStatus,
  effectiveSpeed,
  endOfTurnSaves,
  findStatus,
  removeStatus,
  statusAttackModifiers,
  statusPrevents,
  statusSaveModifiers,
  takesSlowTurn,
} from './statuses';
export type { StatusSave } from './statuses';
/** Blights: start-of-turn damage that stops at 1 HP. */
export { applyBlight, removeBlight, startOfTurnBlights } from './blights';
/** Turn order: whose side is up, who may act, slow turns, rounds. */
export {
  beginTurn,
  canTakeTurns,
  finishTurn,
  nextRound,
  otherSide,
  startTurnOrder,
  turnState,
} from './turnOrder';
export type { TurnState } from './turnOrder';
/** Whole-turn and whole-round steps that combine the pieces above. */
export { endTurn, startRound, startTurn } from './turnSteps';
export type { EndTurnOutcome, StartTurnOutcome } from './turnSteps';
/** Action economy: legality of moves, actions, abilities and interrupts. */
export {
  BASIC_ACTION_COST,
  BASIC_ACTIONS,
  checkAction,
  resetForRound,
  resetForTurn,
  spendAction,
  useAction,
} from './actionEconomy';
export type { ActionCharge, ActionContext, ActionRequest, BasicActionName } from './actionEconomy';
/** Attacks and effects. */
export { basicAttackAbility, resolveAttack } from './resolveAttack';
export type { AttackOutcome } from './resolveAttack';
export { applyEffect } from './applyEffect';
export { resolveWhack, WHACK_DAMAGE, WHACK_RANGE, whackDamage } from './resolveWhack';
/** Damage from moving: falls and dangerous spaces reported by src/grid. */
export { fallDamage, movementEventDamage, SAFE_DROP_LEVELS } from './movementDamage';
export { forcedMoveDamage } from './forcedMoveDamage';
/** Edges: the end-of-turn save and who may come back. */
export { edgeSave } from './edgeSave';
export type { EdgeSaveOutcome } from './edgeSave';
export type { ComponentLabel, EffectDelivery, EffectOutcome } from './applyEffect';
/** Human-readable explanations for logs. */
export { explainAttack, explainDamageApplication, explainDamageRoll } from './explainOutcome';
/** Samples and the terminal demo. */
export { SAMPLE_FOE, SAMPLE_PC } from './samples';
export { runDemoAttack } from './demo';
/** The version of the rules' resolutions, kept in every replay record (docs/table/replay.md). */
export { RULES_VERSION } from './rulesVersion';
