import { z } from 'zod';
import type { CombatantState } from '../schema/combatant';
import { CombatantStateSchema } from '../schema/combatant';
import type { FoeHp, RoomSettings } from '../schema/settings';
import type { StatBlock } from '../schema/statBlock';
import type { Token } from '../schema/token';
import { isBloodied } from '../rules/health';

/**
 * Foe HP as players receive it (room setting `foeHp`, docs/table.md "Foe HP players see").
 * Under `exact` a visible foe's combatant state is in the public doc like anyone's. Under
 * `bloodied` or `hidden` the state lives in the secrets doc and the public doc's `shownStates`
 * holds its face: the state without HP, vigor, wounds and the last move (whose fingerprint hashes
 * the HP), plus `bloodied` under `bloodied`. Hiding is done by not sending.
 */
export const ShownStateSchema = CombatantStateSchema.omit({
  hp: true,
  vigor: true,
  wounds: true,
  lastMove: true,
}).extend({ bloodied: z.boolean().optional() });
export type ShownState = z.infer<typeof ShownStateSchema>;

/** Whether players receive this character's HP, vigor and wounds as numbers. */
export function hpShownExactly(token: Pick<Token, 'side'>, settings: Pick<RoomSettings, 'foeHp'>): boolean {
  return token.side !== 'foes' || settings.foeHp === 'exact';
}

/** The face players get of a foe's state under `mode` (not `exact`). */
export function shownStateOf(state: CombatantState, statBlock: StatBlock | null, mode: FoeHp): ShownState {
  const { hp: _hp, vigor: _vigor, wounds: _wounds, lastMove: _lastMove, ...rest } = state;
  if (mode !== 'bloodied') return rest;
  return { ...rest, bloodied: statBlock ? isBloodied({ ...state, statBlock }) : false };
}

/**
 * The state a player's snapshot shows for a face: the face's fields, and 0 for the numbers it
 * does not carry (`TokenView.hpHidden` says they are not real; views show no number then).
 */
export function stateOfFace(face: ShownState): CombatantState {
  const { bloodied: _bloodied, ...rest } = face;
  return { ...rest, hp: 0, vigor: 0, wounds: 0, lastMove: null };
}
