import type { AttackReach } from '../../grid/threatSquares';
import type { Ability } from '../../schema/ability';
import type { Combatant } from '../../schema/combatant';
import { emptyTurnUsage } from '../../schema/combatant';
import type { RoomSettings } from '../../schema/settings';
import type { StatusCatalog } from '../../schema/status';
import { basicAttackAbility } from '../resolveAttack';
import { checkAction, movementGranted } from '../actionEconomy';
import { areaOptionsOf } from '../areaOptions';
import { actionsPerTurn, effectiveSpeed } from '../statuses';

/**
 * The movement a character has before it attacks: `walk` squares that pay engagement (its
 * standard move left, plus a Run when an action is left for one), and `dash` squares that ignore
 * engagement (the standard move left plus a Dash, when two actions are left beside the attack).
 */
export interface MoveBeforeAttack {
  walk: number;
  dash: number;
}

/** One attack a character could make on its next turn, and how far it can move first. */
export interface ThreatAbility {
  ability: Ability;
  /** A PC's basic attack (no ability bonus applies). */
  basic: boolean;
  reach: AttackReach;
  move: MoveBeforeAttack;
}

/** Whose turn it is, when a fight runs: that character is judged as it stands, the others at the start of their next turn. */
export interface TurnNow {
  actorId: string | null;
  turnSerial: number;
}

/**
 * The character as it will be when its next turn starts (rulebook: Actions on a turn): nothing
 * spent, no attack yet. The character whose turn it is keeps what it has spent.
 */
export function atTurnStart(c: Combatant, turn: TurnNow | null): Combatant {
  if (turn && turn.actorId === c.id) return c;
  return { ...c, turn: emptyTurnUsage(), attackedThisRound: false, usedThisRound: {} };
}

/** Whether an ability can hurt someone: a to-hit roll, or an area whose effects deal damage. */
function attacks(ability: Ability): boolean {
  if (ability.tags.interrupt !== null) return false; // interrupts are out of the threat map (docs/ui.md)
  if (ability.attack) return true;
  return (
    ability.area !== undefined && [ability.areaEffect, ability.effect].some((c) => c?.damage !== undefined)
  );
}

function reachOf(ability: Ability, settings: RoomSettings): AttackReach {
  if (ability.area) {
    return {
      kind: 'area',
      pattern: ability.area,
      opts: areaOptionsOf(ability, settings),
      rangedRoll: ability.attack?.kind === 'ranged' && settings.rangedAreaIsRangedAttack,
    };
  }
  return { kind: 'single', ranged: ability.attack?.kind === 'ranged', range: ability.range ?? 1 };
}

/**
 * Every attack `c` could make on its next turn (or what is left of its current one) and the
 * movement it has before it, by the action economy's own check (`checkAction`): a foe's attack
 * abilities, a PC's too plus its basic melee and ranged attacks; attacks the turn no longer
 * allows (actions, one attack a round, statuses, no repeats) are left out.
 */
export function threatAbilities(
  c: Combatant,
  settings: RoomSettings,
  catalog: StatusCatalog,
  turn: TurnNow | null,
): ThreatAbility[] {
  const who = atTurnStart(c, turn);
  const context = { onOwnTurn: true, turnSerial: turn?.turnSerial ?? 0, catalog };
  const speed = effectiveSpeed(who, catalog);
  const walkLeft = who.turn.moveSpent ? 0 : Math.max(0, speed - who.turn.movementUsed);
  const candidates: { ability: Ability; basic: boolean }[] = who.statBlock.abilities
    .filter(attacks)
    .map((ability) => ({ ability, basic: false }));
  if (who.statBlock.kind === 'pc') {
    for (const kind of ['melee', 'ranged'] as const)
      candidates.push({ ability: basicAttackAbility(who.statBlock, kind), basic: true });
  }
  const out: ThreatAbility[] = [];
  for (const { ability, basic } of candidates) {
    const checked = checkAction(
      who,
      basic ? { kind: 'basic', action: 'basic-attack' } : { kind: 'ability', ability },
      context,
    );
    if (!checked.ok) continue;
    const { actions, spendsMove } = checked.charge;
    const spare = actionsPerTurn(who, catalog) - who.turn.actionsUsed - actions;
    const walk = spendsMove ? 0 : walkLeft;
    const run = spare >= 1 && checkAction(who, { kind: 'basic', action: 'run' }, context).ok;
    const dash = spare >= 2 && checkAction(who, { kind: 'basic', action: 'dash' }, context).ok;
    out.push({
      ability,
      basic,
      reach: reachOf(ability, settings),
      move: {
        walk: walk + (run && !spendsMove ? movementGranted('run', speed) : 0),
        dash: dash && !spendsMove ? walk + movementGranted('dash', speed) : 0,
      },
    });
  }
  return out;
}
