import { effect } from '@preact/signals';
import { CELL_SIZE_PX } from '../../grid/cell';
import type { BattlefieldRenderer } from '../../render/BattlefieldRenderer';
import { CombatOverlay } from '../../render/combat/CombatOverlay';
import type { CellData } from '../../schema/cell';
import type { RoomModel } from '../model/RoomModel';
import { ghostsOf, placingOf, toggleSquare, type PlacingGhost } from './placingState';

declare global {
  interface Window {
    /** The footprints the place-foes form shows on the map now (browser tests read it). */
    __iconVttPlacing?: () => PlacingGhost[];
  }
}

/**
 * The place-foes form's hands on the battlefield: while it is choosing squares, a press on the
 * map picks (or takes back) a square instead of selecting or dragging a token, and every picked
 * footprint is outlined (green fits, red does not), with the one under the pointer as a ghost.
 * Escape stops choosing. Its own overlay, drawn with the combat overlay's shapes.
 */
export function attachPlacing(
  model: RoomModel,
  stage: HTMLElement,
  renderer: BattlefieldRenderer,
): () => void {
  const draft = placingOf(model);
  const overlay = new CombatOverlay(CELL_SIZE_PX);
  renderer.viewport.addChild(overlay.container);
  let ghosts: PlacingGhost[] = [];
  const stopDrawing = effect(() => {
    const d = draft.value;
    const snapshot = model.snapshot.value;
    ghosts = d && snapshot ? ghostsOf(snapshot, d) : [];
    // The pointer is read only while choosing: other mouse moves redraw nothing.
    const pointer = d?.picking && d.cells.length < d.count ? model.pointer.value : null;
    overlay.set({
      targets: ghosts.map((g) => ({ cell: g.cell, size: g.size, legal: g.legal, selected: true })),
      ...(pointer && d
        ? { forced: [{ path: [], ghost: { cell: pointer, size: d.foe.statBlock.size } }] }
        : {}),
    });
    renderer.requestRender();
  });
  const cellAt = (e: PointerEvent): CellData | null => {
    const r = stage.getBoundingClientRect();
    const w = renderer.toWorld(e.clientX - r.left, e.clientY - r.top);
    const x = Math.floor(w.x / CELL_SIZE_PX);
    const y = Math.floor(w.y / CELL_SIZE_PX);
    const map = model.snapshot.value?.map;
    return map && x >= 0 && y >= 0 && x < map.width && y < map.height ? { x, y } : null;
  };
  const down = (e: PointerEvent): void => {
    const d = draft.peek();
    if (!d?.picking || e.button !== 0 || e.altKey) return;
    if (!(e.target instanceof Node) || !stage.contains(e.target)) return;
    const c = cellAt(e);
    if (!c) return;
    e.stopImmediatePropagation(); // the map tools listen on window too
    e.preventDefault();
    draft.value = toggleSquare(d, c);
  };
  const key = (e: KeyboardEvent): void => {
    const d = draft.peek();
    if (e.key === 'Escape' && d?.picking) draft.value = { ...d, picking: false };
  };
  window.addEventListener('pointerdown', down, { capture: true });
  window.addEventListener('keydown', key);
  Object.defineProperty(window, '__iconVttPlacing', {
    configurable: true,
    writable: false,
    value: () => JSON.parse(JSON.stringify(ghosts)) as PlacingGhost[],
  });
  return () => {
    stopDrawing();
    window.removeEventListener('pointerdown', down, { capture: true });
    window.removeEventListener('keydown', key);
    overlay.container.destroy({ children: true });
  };
}
