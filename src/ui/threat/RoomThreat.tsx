import { effect } from '@preact/signals';
import { CELL_SIZE_PX } from '../../grid/cell';
import type { BattlefieldRenderer } from '../../render/BattlefieldRenderer';
import { ThreatLayer } from '../../render/ThreatLayer';
import type { RoomSnapshot } from '../../table/snapshot';
import { squareAtPointer } from '../combat/mapTools';
import type { RoomModel } from '../model/RoomModel';
import { ThreatPanel } from './ThreatPanel';
import { ThreatTool, threatCanvasPx } from './threatTool';

declare global {
  interface Window {
    /** Read-only copies of what the threat overlay shows, for browser tests. */
    __iconVttThreat?: Pick<ThreatTool, 'debug'>;
  }
}

/**
 * The room's threat map: computed from this reader's snapshot (a player's holds only what the
 * server sent), drawn under the combat overlay, inspected by pointing or tapping.
 */
export function mountRoomThreat(
  model: RoomModel,
  stage: HTMLElement,
  renderer: BattlefieldRenderer,
): ThreatTool<RoomSnapshot> {
  const tool = new ThreatTool<RoomSnapshot>(
    () => {
      const snap = model.snapshot.value;
      return snap?.map ? snap : null;
    },
    (chunk, snap) => chunk.threatSourceOf(snap),
  );
  const layer = new ThreatLayer(CELL_SIZE_PX);
  renderer.viewport.addChild(layer.container);
  effect(() => {
    const v = tool.view.value;
    const px = v ? threatCanvasPx(v.width, v.height) : CELL_SIZE_PX;
    layer.set(v ? tool.paint(px) : null, px);
    renderer.requestRender();
  });
  // A tap pins the square for the inspector (a phone has no pointer hovering over the map).
  stage.addEventListener('pointerdown', (e) => {
    if (!tool.state.peek().on) return;
    const c = squareAtPointer(model, stage, renderer, e);
    if (c) tool.update({ pinned: c });
  });
  Object.defineProperty(window, '__iconVttThreat', {
    configurable: true,
    writable: false,
    value: { debug: () => tool.debug() },
  });
  return tool;
}

/** The panel in the combat dock, its lists from the snapshot. */
export function RoomThreatPanel({ model, tool }: { model: RoomModel; tool: ThreatTool<RoomSnapshot> }) {
  const snap = model.snapshot.value;
  const characters = (snap?.tokens ?? [])
    .filter((t) => t.combatant && t.state)
    .map((t) => ({ id: t.id, name: t.state!.name, side: t.side, known: t.statBlock !== null }));
  const acting = model.combat.value.actorId;
  return <ThreatPanel tool={tool} characters={characters} pointer={model.pointer} defaultPlanned={acting} />;
}
