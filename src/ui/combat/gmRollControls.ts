import type { RollModifier } from '../../schema/modifier';
import { el } from '../dom';
import type { CombatUiState } from './CombatController';

/** The GM's extra boons and curses for the next roll, as modifiers sent with the intent. */
export function gmModifiers(state: Pick<CombatUiState, 'gmBoons' | 'gmCurses'>): RollModifier[] {
  const out: RollModifier[] = [];
  if (state.gmBoons > 0)
    out.push({ kind: 'boon', count: state.gmBoons, source: 'gm', reason: 'granted by the GM' });
  if (state.gmCurses > 0)
    out.push({ kind: 'curse', count: state.gmCurses, source: 'gm', reason: 'imposed by the GM' });
  return out;
}

/** GM only: two number boxes (0–6) for extra boons and curses on the next roll; none for players. */
export function gmRollControls(
  role: 'gm' | 'player',
  state: Pick<CombatUiState, 'gmBoons' | 'gmCurses'>,
  update: (patch: Partial<CombatUiState>) => void,
): HTMLElement[] {
  if (role !== 'gm') return [];
  const num = (value: number, testid: string, set: (n: number) => void) => {
    const input = el('input', {
      type: 'number',
      min: 0,
      max: 6,
      value,
      'data-testid': testid,
      style: 'width:3em',
    });
    input.onchange = () => set(Math.max(0, Math.min(6, Number(input.value) || 0)));
    return input;
  };
  return [
    el(
      'div',
      { class: 'row' },
      'GM: extra ',
      num(state.gmBoons, 'gm-boons', (n) => update({ gmBoons: n })),
      ' boons ',
      num(state.gmCurses, 'gm-curses', (n) => update({ gmCurses: n })),
      ' curses',
    ),
  ];
}
