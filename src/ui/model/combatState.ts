import type { CellData } from '../../schema/cell';
import type { Direction8Name } from '../../schema/forcedMove';
import type { RoomSnapshot } from '../../table/snapshot';
import type { ActionChoice } from '../combat/actionChoices';
import type { AreaPreview } from '../combat/areaPreview';
import type { EffectTargeting } from '../combat/effectTargets';
import type { ForcedPreview } from '../combat/forcedMovePreview';
import type { SightReport } from '../combat/lineOfSightTool';
import type { TargetingResult } from '../combat/targeting';

/**
 * This page's combat choices (never synced): who acts, with what, on whom, and the map tools'
 * picks. The pointer is not here: it changes on every mouse move and only the tools that follow
 * it read it (RoomModel.pointer), so moving the mouse recomputes nothing else.
 */
export interface CombatUiState {
  actorId: string | null;
  choiceId: string | null;
  targetId: string | null;
  /** Arc squares clicked so far. */
  arc: CellData[];
  /** Area placed by a click (the ghost freezes there until used or cleared). */
  areaAt: CellData | null;
  sightMode: boolean;
  sightFrom: CellData | null;
  sightTo: CellData | null;
  /** GM-granted extra boons/curses on the next roll (source 'gm'). */
  gmBoons: number;
  gmCurses: number;
  /** Run/Dash destination picked on the map. */
  moveTo: CellData | null;
  /** Token clicked with no tool active: its statuses are shown. */
  inspectId: string | null;
  /** A destructible square picked as an attack's target (no token on it). */
  targetCell: CellData | null;
  /** The way a shoving ability sends its target (the user's choice). */
  shoveDirection: Direction8Name | null;
  /** The attack space picked among tied ones (a Cross without a listed range). */
  attackSpacePick: CellData | null;
  /** The server's reason for refusing the Act panel's last intent (cleared by the next choice). */
  refusal: string | null;
}

/** What the panels and the overlay show, derived from the snapshot, the state and the pointer. */
export interface CombatDerived {
  snapshot: RoomSnapshot;
  choices: ActionChoice[];
  choice: ActionChoice | null;
  targeting: TargetingResult | null;
  /** Who a plain-effect ability can be used on. */
  effect: EffectTargeting | null;
  area: AreaPreview | null;
  sight: SightReport | null;
  movePath: { path: CellData[]; cost: number } | null;
  /** Where the picked target would be pushed / pulled / shoved (before the roll). */
  forced?: ForcedPreview[];
  /** What swapping places would do, per component that swaps (the Act panel's swap preview). */
  swaps?: { when: string; text: string }[];
  /** The pointer's square when a tool follows it (the area ghost's end, the sight line's end). */
  pointer: CellData | null;
}

/** The targeting tool put down: no target, arc, area, destination or sight check. */
export const NO_TOOL = {
  targetId: null,
  targetCell: null,
  arc: [],
  areaAt: null,
  moveTo: null,
  sightMode: false,
  sightFrom: null,
  sightTo: null,
  attackSpacePick: null,
  refusal: null,
} as const satisfies Partial<CombatUiState>;

export const INITIAL_COMBAT_STATE: CombatUiState = {
  ...NO_TOOL,
  arc: [],
  actorId: null,
  choiceId: null,
  gmBoons: 0,
  gmCurses: 0,
  inspectId: null,
  shoveDirection: null,
};
