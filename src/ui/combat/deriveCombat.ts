import { pathTo, reach } from '../../grid/reach';
import { movementGranted } from '../../rules/actionEconomy';
import { effectiveSpeed } from '../../rules/statuses';
import type { CellData } from '../../schema/cell';
import { battlefieldOf } from '../../table/battlefieldOf';
import type { RoomSnapshot } from '../../table/snapshot';
import { combatantOf } from '../../table/snapshot';
import type { CombatDerived, CombatUiState } from '../model/combatState';
import { actionChoices } from './actionChoices';
import { areaPreview } from './areaPreview';
import { effectTargetsFor } from './effectTargets';
import { forcedPreviewsFor, swapPreviewsFor } from './forcedMovePreview';
import { lineOfSightReport } from './lineOfSightTool';
import { targetingFor } from './targeting';

/** Whether the active tool follows the pointer (an unplaced area, a sight line's end, a Run/Dash path). */
export function followsPointer(s: CombatUiState, choiceKind: string | undefined): boolean {
  return (
    (s.sightMode && s.sightFrom !== null && s.sightTo === null) ||
    (choiceKind === 'area' && s.areaAt === null) ||
    (choiceKind === 'move' && s.moveTo === null)
  );
}

/**
 * Everything the combat panels and overlay show, from the room and this page's choices. Pure:
 * `pointer` is read only when the active tool follows it (so a signal read inside it is tracked
 * only then, and moving the mouse recomputes nothing when no tool needs it).
 */
export function deriveCombat(
  snapshot: RoomSnapshot | null,
  s: CombatUiState,
  pointer: () => CellData | null,
): CombatDerived | null {
  if (!snapshot?.map) return null;
  const actor = s.actorId ? snapshot.tokensById[s.actorId] : undefined;
  const choices = actor?.statBlock ? actionChoices(actor.statBlock) : [];
  const choice = choices.find((c) => c.id === s.choiceId) ?? null;
  const at = followsPointer(s, choice?.kind) ? pointer() : null;
  const targeting = actor && choice?.kind === 'attack' ? targetingFor(snapshot, actor.id, choice) : null;
  const effect =
    actor && choice?.kind === 'effect' ? effectTargetsFor(snapshot, actor.id, choice.ability) : null;
  const areaCell = s.areaAt ?? at;
  const area =
    actor && choice?.kind === 'area' && (areaCell || s.arc.length)
      ? areaPreview(snapshot, actor.id, choice.ability, areaCell ?? s.arc[s.arc.length - 1]!, s.arc)
      : null;
  const sightEnd = s.sightTo ?? (s.sightFrom ? at : null);
  const sight =
    s.sightMode && s.sightFrom && sightEnd ? lineOfSightReport(snapshot, s.sightFrom, sightEnd) : null;
  const movePath =
    actor && choice?.kind === 'move' ? runOrDashPath(snapshot, actor.id, choice.id, s.moveTo ?? at) : null;
  const forced =
    actor && (choice?.kind === 'attack' || choice?.kind === 'effect')
      ? forcedPreviewsFor(snapshot, actor.id, choice.ability, s.targetId, s.shoveDirection)
      : [];
  const swaps =
    actor && (choice?.kind === 'attack' || choice?.kind === 'effect')
      ? swapPreviewsFor(snapshot, actor.id, choice.ability, s.targetId)
      : [];
  return { snapshot, choices, choice, targeting, effect, area, sight, movePath, forced, swaps, pointer: at };
}

/** The cheapest path for a Run (half Speed, rounded up) or Dash (Speed, ignoring engagement). */
function runOrDashPath(snapshot: RoomSnapshot, id: string, mode: string, to: CellData | null) {
  const token = snapshot.tokensById[id];
  const full = token ? combatantOf(token) : null;
  const bf = battlefieldOf(snapshot, [id]);
  if (!full || !bf || !to) return null;
  const speed = effectiveSpeed(full, snapshot.statusCatalog);
  const budget = movementGranted(mode === 'run' ? 'run' : 'dash', speed);
  const result = reach(bf, id, { budget, dash: mode === 'dash' });
  const p = pathTo(bf, result, to);
  return p && p.path.length ? { path: p.path.map((c) => ({ x: c.x, y: c.y })), cost: p.cost } : null;
}
