import type { TokenView } from '../../table/snapshot';

/**
 * A character's health in words for the panels: "HP 12/40" when this reader receives the
 * numbers; for a foe whose HP the room keeps from players (setting `foeHp`), "bloodied" or "not
 * bloodied" when the room tells that much, else "HP not shown" (docs/table.md "Foe HP players see").
 */
export function healthText(
  token: Pick<TokenView, 'state' | 'maxHp' | 'hpHidden' | 'bloodied' | 'bloodiedTold'>,
): string {
  if (!token.state) return '';
  if (token.hpHidden)
    return token.bloodied ? 'bloodied' : token.bloodiedTold ? 'not bloodied' : 'HP not shown';
  return `HP ${token.state.hp}${token.maxHp !== null ? `/${token.maxHp}` : ''}`;
}
