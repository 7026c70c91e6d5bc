import { z } from 'zod';
import type { CombatantState } from '../schema/combatant';
import { CombatantStateSchema } from '../schema/combatant';
import type { FoeHp, RoomSettings } from '../schema/settings';
import type { StatBlock } from '../schema/statBlock';
import type { Token } from '../schema/token';
import { isBloodied } from '../rules/health';

/**
 * A foe's state as players receive it when they may not read all of it (docs/table/hidden-information.md):
 * under room setting `foeHp` `bloodied` or `hidden`, and for every visible foe whose stat block the
 * GM keeps hidden. Its whole state then lives in the secrets doc and the public doc's
 * `shownStates` holds this face: the state without the last move (whose fingerprint hashes the
 * HP); without HP, vigor and wounds unless the room shows foes' HP exactly (then they are here);
 * `bloodied` under `bloodied`; and for a foe with hidden stats, no use of its abilities by name
 * (which abilities it used this turn or round, its interrupts, its next-ability bonuses), since
 * those would name the abilities its hidden stat block holds. Hiding is done by not sending.
 */
export const ShownStateSchema = CombatantStateSchema.omit({
  hp: true,
  vigor: true,
  wounds: true,
  lastMove: true,
}).extend({
  bloodied: z.boolean().optional(),
  hp: CombatantStateSchema.shape.hp.optional(),
  vigor: CombatantStateSchema.shape.vigor.optional(),
  wounds: CombatantStateSchema.shape.wounds.optional(),
});
export type ShownState = z.infer<typeof ShownStateSchema>;

/** Whether players receive this character's HP, vigor and wounds as numbers. */
export function hpShownExactly(token: Pick<Token, 'side'>, settings: Pick<RoomSettings, 'foeHp'>): boolean {
  return token.side !== 'foes' || settings.foeHp === 'exact';
}

/** What a face may tell of a foe: its HP (room shows it exactly) and its abilities (stats shown). */
export interface FaceShows {
  readonly hp: boolean;
  readonly abilities: boolean;
}

/** The face players get of a foe's state: `mode` says bloodied or not, `shows` what else. */
export function shownStateOf(
  state: CombatantState,
  statBlock: StatBlock | null,
  mode: FoeHp,
  shows: FaceShows = { hp: false, abilities: true },
): ShownState {
  const { hp, vigor, wounds, lastMove: _lastMove, ...rest } = state;
  const face: ShownState = {
    ...rest,
    ...(shows.hp ? { hp, vigor, wounds } : {}),
    ...(shows.abilities
      ? {}
      : {
          turn: { ...rest.turn, used: {} },
          usedThisRound: {},
          interruptsSinceTurn: {},
          interruptLastTurn: {},
          nextAbility: [],
          abilityBonus: null,
        }),
  };
  if (mode !== 'bloodied' || shows.hp) return face;
  return { ...face, bloodied: statBlock ? isBloodied({ ...state, statBlock }) : false };
}

/**
 * The state a player's snapshot shows for a face: the face's fields, and 0 for the numbers it
 * does not carry (`TokenView.hpHidden` says they are not real; views show no number then).
 */
export function stateOfFace(face: ShownState): CombatantState {
  const { bloodied: _bloodied, hp, vigor, wounds, ...rest } = face;
  return { ...rest, hp: hp ?? 0, vigor: vigor ?? 0, wounds: wounds ?? 0, lastMove: null };
}
