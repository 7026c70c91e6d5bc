import type { Intent } from '../../schema/intent';
import { el } from '../dom';
import type { ActionChoice } from './actionChoices';
import type { CombatDerived, CombatUiState } from './CombatController';
import { formatDamage, formatHitChance, formatModifier, formatNet } from './format';
import { gmModifiers } from './gmRollControls';

/**
 * The Act panel's body for a single-target attack (rulebook: Attacks): the range from the
 * attacker's footprint, every possible target with distance, sight, cover, boons/curses with
 * their reasons, the exact chance to hit and the damage per tier; the GM's extra boons/curses
 * (`gmControls`), and the Roll button, which sends an `attack` intent.
 */
export function attackSection(
  d: CombatDerived,
  state: CombatUiState,
  actorId: string,
  choice: Extract<ActionChoice, { kind: 'attack' }>,
  gmControls: readonly HTMLElement[],
  /** The forced-movement part (forcedSection.ts), shown above the Roll button. */
  forced: readonly HTMLElement[],
  pick: (targetId: string) => void,
  send: (label: string, intent: Intent) => void,
): (Node | string)[] {
  const t = d.targeting;
  if (!t) return [];
  const out: (Node | string)[] = [];
  out.push(
    el(
      'div',
      { 'data-testid': 'attack-range' },
      `${t.kind} attack, range ${t.range} from ${d.snapshot.tokensById[actorId]?.name}'s footprint` +
        (t.kind === 'ranged'
          ? ` (+1 per level above the target; standing at height ${t.attackerElevation})`
          : ''),
    ),
    el('div', { class: 'hint' }, 'Click a target on the map or in the list.'),
  );
  const list = el('ul', { class: 'targets', 'data-testid': 'target-list' });
  for (const o of t.targets) {
    if (o.immune) continue;
    const c = o.context;
    const row = el(
      'li',
      {
        'data-testid': `target-row-${o.id}`,
        class: `${o.context.legal ? 'legal' : 'illegal'}${o.id === state.targetId ? ' selected' : ''}`,
      },
      el('b', {}, o.name),
      ` — ${c.distance} sq (range ${c.effectiveRange}${c.heightBonus ? `, +${c.heightBonus} height` : ''}), ` +
        `${c.lineOfSight ? 'in sight' : 'no sight'}${c.cover ? ', cover' : ''}`,
    );
    if (!c.legal)
      row.append(
        el('div', { class: 'reason', 'data-testid': `target-reason-${o.id}` }, c.reason ?? 'not legal'),
      );
    row.append(el('div', { 'data-testid': `target-net-${o.id}` }, formatNet(o.net)));
    for (const m of o.modifiers)
      row.append(el('div', { class: 'mod', 'data-testid': `target-mod-${o.id}` }, formatModifier(m)));
    row.append(
      el(
        'div',
        { 'data-testid': `target-chance-${o.id}` },
        o.chance ? formatHitChance(o.chance) : 'Defense hidden: chance unknown',
      ),
    );
    for (const p of o.damage)
      row.append(el('div', { 'data-testid': `target-damage-${o.id}` }, formatDamage(p)));
    row.onclick = () => pick(o.id);
    list.append(row);
  }
  out.push(list, ...gmControls, ...forced);
  const target = t.targets.find((o) => o.id === state.targetId);
  const direction = state.shoveDirection ? { direction: state.shoveDirection } : {};
  // An empty destructible square picked on the map: hit automatically (docs/rules.md).
  const cell = !target ? state.targetCell : null;
  const hp = cell ? d.snapshot.destructibleHp[`${cell.x},${cell.y}`] : undefined;
  if (cell && hp !== undefined) {
    const height = d.snapshot.map?.heights[cell.y]?.[cell.x] ?? '0';
    out.push(
      el(
        'div',
        { 'data-testid': 'terrain-target' },
        `Terrain at (${cell.x},${cell.y}): height ${height}, ${hp} HP — attacks hit it automatically; each 10 damage lowers it a level`,
      ),
    );
  }
  const roll = el(
    'button',
    { 'data-testid': 'roll-attack', disabled: !target && hp === undefined },
    target
      ? `Roll ${choice.label} on ${target.name}`
      : cell && hp !== undefined
        ? `Roll ${choice.label} on the terrain at (${cell.x},${cell.y})`
        : 'Pick a target',
  );
  roll.onclick = () => {
    if (target)
      send(`Attack on ${target.name}`, {
        kind: 'attack',
        attackerId: actorId,
        targetId: target.id,
        abilityId: choice.id,
        modifiers: gmModifiers(state),
        ...direction,
      });
    else if (cell && hp !== undefined)
      send(`Attack on the terrain at (${cell.x},${cell.y})`, {
        kind: 'attack',
        attackerId: actorId,
        targetCell: cell,
        abilityId: choice.id,
        modifiers: [],
      });
  };
  out.push(roll);
  return out;
}
