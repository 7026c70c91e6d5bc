import type { Ability } from '../../schema/ability';
import { DIRECTION_8_NAMES, Direction8Schema } from '../../schema/forcedMove';
import type { Direction8Name } from '../../schema/forcedMove';
import { el } from '../dom';
import type { CombatDerived, CombatUiState } from './CombatController';
import { forcedSpecOf } from './forcedMovePreview';

const PAST = { push: 'pushes', pull: 'pulls', shove: 'shoves' } as const;

/**
 * The Act panel's forced-movement part (docs/table.md "Forced movement"): what the ability does
 * ("pushes 1 square"), the shove's direction picker, and, once a target is picked, where it
 * would end up and the fall damage, as the server will compute it. The map shows the path and a
 * ghost of the token on its end square (CombatOverlay `forced`).
 */
export function forcedSection(
  d: CombatDerived,
  state: CombatUiState,
  ability: Ability,
  setDirection: (direction: Direction8Name | null) => void,
): HTMLElement[] {
  const spec = forcedSpecOf(ability);
  if (!spec) return [];
  const out: HTMLElement[] = [
    el(
      'div',
      { 'data-testid': 'forced-kind' },
      `${ability.name} ${PAST[spec.kind]} ${spec.squares} square${spec.squares === 1 ? '' : 's'}`,
    ),
  ];
  if (spec.kind === 'shove') {
    const select = el(
      'select',
      { 'data-testid': 'shove-direction' },
      el('option', { value: '' }, 'choose a direction'),
      ...DIRECTION_8_NAMES.map((n) => el('option', { value: n, selected: n === state.shoveDirection }, n)),
    );
    select.onchange = () => setDirection(Direction8Schema.safeParse(select.value).data ?? null);
    out.push(el('label', { class: 'row' }, 'Shove ', select));
  }
  for (const f of d.forced ?? [])
    out.push(
      el(
        'div',
        { 'data-testid': 'forced-preview', class: 'hint' },
        `${f.when}: ${f.text}${f.damage > 0 ? ' (before armor)' : ''}`,
      ),
    );
  return out;
}
