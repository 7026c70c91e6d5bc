import type { EffectComponent } from '../../schema/ability';
import type { Intent } from '../../schema/intent';
import { el } from '../dom';
import type { CombatDerived, CombatUiState } from './CombatController';

/** "light damage; dazed; vigor ×1 Health; push 1" — what the effect component does, in short. */
export function describeEffect(effect: EffectComponent): string {
  const parts: string[] = [];
  const dmg = effect.damage;
  if (dmg)
    parts.push(dmg.tier ? `${dmg.tier} damage${dmg.flat ? ` +${dmg.flat}` : ''}` : `${dmg.flat} damage`);
  if (effect.statuses.length)
    parts.push(`${effect.statuses.join(', ')}${effect.ongoing ? ' (ongoing)' : ''}`);
  if (effect.blights.length) parts.push(`blight ${effect.blights.join(', ')}`);
  if (effect.vigor) parts.push(`vigor ×${effect.vigor} Health`);
  if (effect.forcedMove) parts.push(`${effect.forcedMove.kind} ${effect.forcedMove.squares}`);
  if (effect.text) parts.push(`GM: ${effect.text}`);
  return parts.join('; ') || 'nothing the engine applies';
}

/**
 * The Act panel's body for a plain-effect ability: what it does, every character it could be used
 * on (the user first; others need range and line of sight, as the server checks), a "target saves
 * first" switch for abilities whose text makes the effect rely on a save, and the Use button,
 * which sends an `effect` intent.
 */
export function effectSection(
  d: CombatDerived,
  state: CombatUiState,
  actorId: string,
  /** The forced-movement part (forcedSection.ts), shown above the Use button. */
  forced: readonly HTMLElement[],
  pick: (targetId: string) => void,
  send: (label: string, intent: Intent) => void,
): (Node | string)[] {
  const choice = d.choice;
  const t = d.effect;
  if (choice?.kind !== 'effect' || !t) return [];
  const ability = choice.ability;
  const out: (Node | string)[] = [
    el(
      'div',
      { 'data-testid': 'effect-summary' },
      `${ability.name}: ${describeEffect(ability.effect!)} — range ${t.range}${ability.range === null ? ' (adjacent)' : ''}`,
    ),
  ];
  if (ability.description) out.push(el('div', { class: 'hint' }, ability.description));
  out.push(el('div', { class: 'hint' }, 'Click who it is used on, on the map or in the list.'));
  const list = el('ul', { class: 'targets', 'data-testid': 'effect-target-list' });
  for (const o of t.targets) {
    const row = el(
      'li',
      {
        'data-testid': `effect-target-${o.id}`,
        class: `${o.legal ? 'legal' : 'illegal'}${o.id === state.targetId ? ' selected' : ''}`,
      },
      el('b', {}, o.name),
      o.self ? ' — self' : ` — ${o.distance} sq, ${o.inSight ? 'in sight' : 'no sight'}`,
    );
    if (o.reason) row.append(el('div', { class: 'reason' }, o.reason));
    row.onclick = () => pick(o.id);
    list.append(row);
  }
  out.push(list);
  const save = el('input', { type: 'checkbox', 'data-testid': 'effect-target-save' });
  out.push(el('label', { class: 'row' }, save, ' the target saves first (the ability’s text says so)'));
  out.push(...forced);
  // No pick yet = the user itself, which is always allowed.
  const target = t.targets.find((o) => o.id === (state.targetId ?? actorId));
  const use = el(
    'button',
    { 'data-testid': 'use-effect', disabled: !target?.legal },
    target ? `Use ${ability.name}${target.self ? ' on self' : ` on ${target.name}`}` : `Use ${ability.name}`,
  );
  use.onclick = () =>
    target &&
    send(`${ability.name}${target.self ? '' : ` on ${target.name}`}`, {
      kind: 'effect',
      userId: actorId,
      abilityId: choice.id,
      ...(target.self ? {} : { targetId: target.id }),
      targetSave: save.checked,
      ...(state.shoveDirection ? { direction: state.shoveDirection } : {}),
    });
  out.push(use);
  return out;
}
