import type { CombatOverlayState } from '../../render/combat/CombatOverlay';
import type { CombatDerived, CombatUiState } from '../model/combatState';
import { actionsLeftOf } from './turnTracker';

/**
 * What the combat overlay draws for the current UI state: range squares and target outlines of
 * an attack, the area ghost (legal or not, attack space, affected outlines), a Run/Dash path, and
 * the line-of-sight tool's line, blockers and cover squares.
 */
export function combatOverlayState(derived: CombatDerived | null, state: CombatUiState): CombatOverlayState {
  const d = derived;
  if (!d) return {};
  const out: { -readonly [K in keyof CombatOverlayState]: CombatOverlayState[K] } = {};
  if (d.targeting) {
    out.range = d.targeting.rangeSquares;
    out.targets = d.targeting.targets
      .filter((t) => !t.immune)
      .map((t) => {
        const tok = d.snapshot.tokensById[t.id]!;
        return {
          cell: tok.cell,
          size: tok.size,
          legal: t.context.legal,
          selected: t.id === state.targetId,
        };
      });
  }
  if (d.effect) {
    out.range = d.effect.rangeSquares;
    out.targets = d.effect.targets.map((t) => {
      const tok = d.snapshot.tokensById[t.id]!;
      return { cell: tok.cell, size: tok.size, legal: t.legal, selected: t.id === state.targetId };
    });
  }
  if (d.area) {
    const r = d.area.result;
    out.area = {
      squares: r.legal ? r.areaSpaces : d.area.arcSquares.concat(d.pointer ? [d.pointer] : []),
      legal: r.legal,
      attackSpace: r.attackSpace,
      affected: r.affected.map((a) => {
        const tok = d.snapshot.tokensById[a.id]!;
        return { cell: tok.cell, size: tok.size };
      }),
      placed: d.area.arcSquares,
    };
  }
  if (d.movePath) out.range = d.movePath.path;
  if (d.forced?.length)
    out.forced = d.forced.map((f) => ({ path: f.path, ghost: { cell: f.to, size: f.size } }));
  if (d.sight) {
    const sg = d.sight.sight;
    out.sight = {
      from: sg.line.from,
      to: sg.line.to,
      visible: sg.visible,
      cover: sg.cover,
      blockers: sg.blockedBy.map((b) => b.cell),
      coverCells: sg.coverCells,
      ends: [d.sight.from, d.sight.to],
    };
  }
  const actingId = d.snapshot.turn?.currentId;
  const acting = actingId ? d.snapshot.tokensById[actingId] : undefined;
  if (acting) {
    const left = actionsLeftOf(d.snapshot, acting.id);
    out.acting = {
      cell: acting.cell,
      size: acting.size,
      label: left
        ? `${left.actions} action${left.actions === 1 ? '' : 's'}, move ${left.movementLeft}${left.attackUsedThisRound ? ', attacked' : ''}`
        : 'acting',
    };
  }
  return out;
}
