import type { Ability } from '../../schema/ability';
import { formatAreaPattern } from '../../schema/area';
import type { StatBlock } from '../../schema/statBlock';
import { basicAttackAbility } from '../../rules/resolveAttack';
import { WHACK_RANGE } from '../../rules/resolveWhack';

/** What the acting character may pick in the targeting panel. */
export type ActionChoice =
  | { kind: 'attack'; id: string; label: string; cost: string; ability: Ability; basic: boolean }
  | { kind: 'area'; id: string; label: string; cost: string; ability: Ability }
  | { kind: 'effect'; id: string; label: string; cost: string; ability: Ability }
  | { kind: 'move'; id: 'run' | 'dash'; label: string; cost: string }
  | { kind: 'basic'; id: 'interact' | 'rescue' | 'whack'; label: string; cost: string; range: number };

const COST_LABEL: Record<Ability['cost'], string> = {
  '1-action': '1 action',
  '2-actions': '2 actions',
  '2-actions-and-move': '2 actions + move',
  free: 'free',
};

/**
 * What the Act panel's list shows for a choice: name and cost, and for a Limit Break the Resolve
 * the actor has against what it costs ("Limit Break · Resolve 1/3").
 */
export function choiceLabel(choice: ActionChoice, resolve: number | null): string {
  const cost = 'ability' in choice ? choice.ability.tags.limitBreak : null;
  const limit = cost !== null && cost !== undefined ? ` · Limit Break · Resolve ${resolve ?? 0}/${cost}` : '';
  return `${choice.label} · ${choice.cost}${limit}`;
}

/** "Fire Bolt" → "fire-bolt", the id the server's findAbility also accepts. */
export function abilityId(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Every ability of the stat block plus the basic actions ("Actions on a turn"): PCs get the basic
 * heavy attack in melee and at range, whack, rescue; everyone runs, dashes and interacts. Foes
 * have no basic attacks, whack or rescue (rulebook: foes' basic actions).
 */
export function actionChoices(statBlock: StatBlock): ActionChoice[] {
  const out: ActionChoice[] = [];
  for (const ability of statBlock.abilities) {
    const cost = COST_LABEL[ability.cost];
    const id = abilityId(ability.name);
    if (ability.area) {
      out.push({
        kind: 'area',
        id,
        label: `${ability.name} (${formatAreaPattern(ability.area)})`,
        cost,
        ability,
      });
    } else if (ability.attack) {
      out.push({ kind: 'attack', id, label: ability.name, cost, ability, basic: false });
    } else {
      out.push({ kind: 'effect', id, label: ability.name, cost, ability });
    }
  }
  if (statBlock.kind === 'pc') {
    out.push(
      {
        kind: 'attack',
        id: 'basic-melee',
        label: `Basic heavy attack, melee (range ${statBlock.basicAttacks.melee.range})`,
        cost: '2 actions',
        ability: basicAttackAbility(statBlock, 'melee'),
        basic: true,
      },
      {
        kind: 'attack',
        id: 'basic-ranged',
        label: `Basic heavy attack, ranged (range ${statBlock.basicAttacks.ranged.range})`,
        cost: '2 actions',
        ability: basicAttackAbility(statBlock, 'ranged'),
        basic: true,
      },
      {
        kind: 'basic',
        id: 'whack',
        label: `Whack (range ${WHACK_RANGE}, 1 physical)`,
        cost: '1 action',
        range: WHACK_RANGE,
      },
      { kind: 'basic', id: 'rescue', label: 'Rescue an adjacent ally', cost: '1 action', range: 1 },
    );
  }
  out.push(
    { kind: 'move', id: 'run', label: 'Run (half Speed, rounded up)', cost: '1 action' },
    { kind: 'move', id: 'dash', label: 'Dash (Speed, ignores engagement)', cost: '2 actions' },
    { kind: 'basic', id: 'interact', label: 'Interact', cost: '1 action', range: 0 },
  );
  return out;
}
