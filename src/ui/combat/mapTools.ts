import { canCommand } from '../Scene';
import { footprintsOverlap } from '../../grid/battlefield';
import { CELL_SIZE_PX } from '../../grid/cell';
import type { BattlefieldRenderer } from '../../render/BattlefieldRenderer';
import type { CellData } from '../../schema/cell';
import type { RoomSnapshot } from '../../table/snapshot';
import { NO_TOOL } from '../model/combatState';
import type { RoomModel } from '../model/RoomModel';

/**
 * The combat tools' hands on the battlefield: pointer presses become targets, area placements,
 * destinations and line-of-sight picks in the room model; pointer moves update the model's
 * pointer square. Presses are taken (before the token/pan input sees them) only while a tool
 * needs the map; a plain click on a token shows it in the panels (and, if this viewer commands
 * it, makes it the acting character).
 */
export function attachMapTools(
  model: RoomModel,
  stage: HTMLElement,
  renderer: BattlefieldRenderer,
): () => void {
  const cellAt = (e: PointerEvent) => squareAtPointer(model, stage, renderer, e);
  const down = (e: PointerEvent): void => {
    if (e.button !== 0 || e.altKey || !(e.target instanceof Node) || !stage.contains(e.target)) return;
    const c = cellAt(e);
    const d = model.derived.value;
    if (!c || !d) return;
    if (!toolActive(model)) {
      // Plain click: the token input selects/drags; the panels follow it to show that character.
      const t = tokenAt(d.snapshot, c);
      if (!t) return;
      if (canCommand(model.viewer, t) && t.statBlock && t.state && t.id !== model.combat.value.actorId)
        model.chooseActor(t.id);
      model.update({ inspectId: t.id });
      return;
    }
    e.stopPropagation();
    e.preventDefault();
    clickWithTool(model, c);
  };
  const move = (e: PointerEvent): void => {
    const c = cellAt(e);
    const p = model.pointer.peek();
    if ((c === null && p === null) || (c && p && c.x === p.x && c.y === p.y)) return;
    model.pointer.value = c;
  };
  const key = (e: KeyboardEvent): void => {
    const s = model.combat.value;
    // Escape puts the map back to moving and selecting tokens.
    if (e.key === 'Escape' && (s.choiceId || s.sightMode)) model.update({ ...NO_TOOL, choiceId: null });
  };
  window.addEventListener('pointerdown', down, { capture: true });
  stage.addEventListener('pointermove', move);
  window.addEventListener('keydown', key);
  return () => {
    window.removeEventListener('pointerdown', down, { capture: true });
    stage.removeEventListener('pointermove', move);
    window.removeEventListener('keydown', key);
  };
}

/** The map square under a pointer event on the battlefield, or null off the map. */
export function squareAtPointer(
  model: RoomModel,
  stage: HTMLElement,
  renderer: BattlefieldRenderer,
  e: PointerEvent,
): CellData | null {
  const r = stage.getBoundingClientRect();
  const w = renderer.toWorld(e.clientX - r.left, e.clientY - r.top);
  const x = Math.floor(w.x / CELL_SIZE_PX);
  const y = Math.floor(w.y / CELL_SIZE_PX);
  const map = model.snapshot.value?.map;
  return map && x >= 0 && y >= 0 && x < map.width && y < map.height ? { x, y } : null;
}

/** A map tool is active: presses go to it instead of selecting/dragging tokens. */
function toolActive(model: RoomModel): boolean {
  const choice = model.derived.value?.choice;
  const kind = choice?.kind;
  return (
    model.combat.value.sightMode ||
    kind === 'attack' ||
    kind === 'area' ||
    kind === 'effect' ||
    kind === 'move' ||
    (kind === 'basic' && choice?.id !== 'interact')
  );
}

/** A click on square `c` with the active tool. */
export function clickWithTool(model: RoomModel, c: CellData): void {
  const s = model.combat.value;
  const d = model.derived.value;
  if (s.sightMode) {
    if (!s.sightFrom || s.sightTo) model.update({ sightFrom: c, sightTo: null });
    else model.update({ sightTo: c });
    return;
  }
  const choice = d?.choice;
  if (!d || !choice) return;
  const tokenHere = tokenAt(d.snapshot, c);
  if (choice.kind === 'attack' || choice.kind === 'basic') {
    // An empty destructible square is a target for attacks ("Destructible terrain").
    const terrain = choice.kind === 'attack' && !tokenHere && d.snapshot.destructibleHp[`${c.x},${c.y}`];
    model.update({
      targetId: tokenHere && tokenHere.id !== s.actorId ? tokenHere.id : null,
      targetCell: terrain ? c : null,
    });
  } else if (choice.kind === 'effect') {
    // A plain effect may also be used on the user itself: clicking it picks it.
    model.update({ targetId: tokenHere ? tokenHere.id : null });
  } else if (choice.kind === 'area') {
    const pattern = choice.ability.area!;
    if (pattern.primary.kind === 'arc') {
      if (s.arc.length >= pattern.primary.size) model.update({ arc: [c] });
      else model.update({ arc: [...s.arc, c] });
    } else model.update({ areaAt: s.areaAt && s.areaAt.x === c.x && s.areaAt.y === c.y ? null : c });
  } else if (choice.kind === 'move') {
    model.update({ moveTo: c });
  }
}

function tokenAt(snapshot: RoomSnapshot, c: CellData) {
  return snapshot.tokens.find((t) => footprintsOverlap(t.cell, t.size, c, 1));
}
