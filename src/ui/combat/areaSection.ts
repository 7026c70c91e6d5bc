import { el } from '../dom';
import type { CombatDerived, CombatUiState } from './CombatController';
import { formatDamage, formatHitChance, formatModifier, formatNet } from './format';
import { areaAttackPreview, areaEffectPreview } from './areaRollPreview';

/**
 * What the Act panel says about an area template: how to place it, legal or why not, the attack
 * space, every affected character (with cover from the origin), and the roll against the
 * character in the attack space (boons/curses with reasons, exact chance, damage per tier).
 */
export function areaSection(d: CombatDerived, s: CombatUiState, actorId: string): (Node | string)[] {
  const choice = d.choice;
  if (choice?.kind !== 'area') return [];
  const pattern = choice.ability.area!;
  const out: (Node | string)[] = [
    el(
      'div',
      { class: 'hint' },
      pattern.primary.kind === 'arc'
        ? `Arc ${pattern.primary.size}: click squares one by one (${s.arc.length}/${pattern.primary.size}); the last is the attack space.`
        : 'Move the pointer to aim the template, click to fix it (click again to release).',
    ),
  ];
  const a = d.area;
  if (!a) return out;
  const r = a.result;
  const names = (id: string) =>
    d.snapshot.tokensById[id]?.state?.name ?? d.snapshot.tokensById[id]?.name ?? id;
  out.push(
    el(
      'div',
      { 'data-testid': 'area-legal', class: r.legal ? 'legal' : 'illegal' },
      r.legal
        ? 'Legal placement'
        : `Illegal: ${a.incomplete ? `place ${pattern.primary.size - a.arcSquares.length} more square(s)` : (r.reason ?? 'not legal')}`,
    ),
  );
  if (r.legal) {
    out.push(
      el(
        'div',
        { 'data-testid': 'area-attack-space' },
        r.attackSpace
          ? `Attack space (${r.attackSpace.x},${r.attackSpace.y})`
          : 'No character in the attack space',
      ),
      el(
        'div',
        { 'data-testid': 'area-affected' },
        `Affected: ${r.affected.map((x) => `${names(x.id)}${x.inAttackSpace ? ' (attack roll)' : ''}${x.cover ? ' (cover)' : ''}`).join(', ') || 'nobody'}`,
      ),
    );
    const attacked = r.affected.find((x) => x.inAttackSpace);
    const roll =
      attacked && choice.ability.attack
        ? areaAttackPreview(d.snapshot, actorId, choice.ability, attacked.id, attacked.cover)
        : null;
    if (attacked && roll) {
      const name = d.snapshot.tokensById[attacked.id]?.state?.name ?? attacked.id;
      out.push(
        el(
          'div',
          { 'data-testid': 'area-roll' },
          `Attack roll against ${name}${roll.defense !== null ? ` (Defense ${roll.defense})` : ''}: ${formatNet(roll.net)}`,
        ),
        ...roll.modifiers.map((m) => el('div', { class: 'mod' }, formatModifier(m))),
        el(
          'div',
          { 'data-testid': 'area-chance' },
          roll.chance ? formatHitChance(roll.chance) : 'Defense hidden: chance unknown',
        ),
        ...roll.damage.map((p) => el('div', {}, formatDamage(p))),
      );
    }
  }
  if (r.legal) {
    for (const hit of r.affected) {
      if (hit.inAttackSpace && choice.ability.attack) continue;
      const p = areaEffectPreview(d.snapshot, actorId, choice.ability, hit.id, hit.cover);
      if (p)
        out.push(
          el('div', { 'data-testid': `area-effect-${hit.id}` }, `${names(hit.id)}: area ${formatDamage(p)}`),
        );
    }
  }
  return out;
}
