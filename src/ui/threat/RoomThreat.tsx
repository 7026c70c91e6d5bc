import { effect } from '@preact/signals';
import { CELL_SIZE_PX } from '../../grid/cell';
import type { BattlefieldRenderer } from '../../render/BattlefieldRenderer';
import { ThreatLayer } from '../../render/ThreatLayer';
import type { RoomSnapshot } from '../../table/snapshot';
import { squareAtPointer } from '../combat/mapTools';
import type { RoomModel } from '../model/RoomModel';
import { ThreatPanel } from './ThreatPanel';
import { threatChunk } from '../lazy/chunks';
import { ThreatTool } from './threatTool';

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
    const view = tool.view.value;
    const chunk = threatChunk.loaded();
    if (chunk && view) chunk.timed('draw', () => layer.set(view));
    else layer.set(null);
    renderer.requestRender();
  });
  // The tapped square is outlined (pointing with a mouse shows the tip instead: no redraw per move).
  effect(() => {
    const s = tool.state.value;
    layer.mark(s.on ? s.pinned : null);
    renderer.requestRender();
  });
  // A tap pins the square for the inspector (a phone has no pointer hovering over the map).
  stage.addEventListener('pointerdown', (e) => {
    if (!tool.state.peek().on) return;
    const c = squareAtPointer(model, stage, renderer, e);
    if (c) tool.update({ pinned: c });
  });
  // Pointing at a square shows who threatens it beside the pointer (the panel says it too).
  const tip = document.createElement('div');
  tip.className = 'threat-tip';
  tip.dataset['testid'] = 'threat-tip';
  tip.setAttribute('aria-hidden', 'true');
  stage.appendChild(tip);
  effect(() => {
    const s = tool.state.value;
    const square = s.on ? (model.pointer.value ?? s.pinned) : null;
    const chunk = threatChunk.loaded();
    const inspection = chunk ? chunk.timed('inspect', () => tool.inspect(square)) : null;
    if (!chunk || !inspection) {
      tip.hidden = true;
      return;
    }
    const at = renderer.toScreen(
      (inspection.square.x + 1) * CELL_SIZE_PX,
      inspection.square.y * CELL_SIZE_PX,
    );
    chunk.timed('tip', () => chunk.fillThreatTip(tip, inspection, at, stage.clientWidth));
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
