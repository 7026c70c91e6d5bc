import { effect } from '@preact/signals';
import type { Container } from 'pixi.js';
import { CELL_SIZE_PX } from '../../grid/cell';
import type { BattlefieldRenderer } from '../../render/BattlefieldRenderer';
import { ThreatLayer } from '../../render/ThreatLayer';
import type { RoomSnapshot } from '../../table/snapshot';
import { squareAtPointer } from '../combat/mapTools';
import type { RoomModel } from '../model/RoomModel';
import { fillThreatTip } from './threatTip';
import { timed } from './threatTimings';
import type { ThreatTool } from './threatTool';
import { knownSquares } from '../vision/knownSquares';
import { knownOnly } from './knownOnly';

/**
 * The room's threat overlay on the battlefield, attached the first time the map is opened: the
 * layer in `host` (under the combat overlay), the tip beside the pointer, and a tap that pins a
 * square for the inspector (a phone has no pointer hovering over the map).
 */
export function attachRoomOverlay(
  tool: ThreatTool<RoomSnapshot>,
  model: RoomModel,
  stage: HTMLElement,
  renderer: BattlefieldRenderer,
  host: Container,
): void {
  const layer = new ThreatLayer(CELL_SIZE_PX);
  host.addChild(layer.container);
  // Drawn a step per task; a newer view stops an older drawing.
  let drawing = 0;
  effect(() => {
    const steps = layer.draw(knownOnly(tool.view.value, knownSquares.value));
    const mine = ++drawing;
    const step = (): void => {
      if (mine !== drawing) return;
      const done = timed('draw', () => steps.next().done);
      renderer.requestRender();
      if (!done) setTimeout(step, 0);
    };
    step();
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
    const pointed = s.on ? (model.pointer.value ?? s.pinned) : null;
    const square = pointed && knownSquares.value?.has(pointed) === false ? null : pointed;
    const inspection = timed('inspect', () => tool.inspect(square));
    if (!inspection) {
      tip.hidden = true;
      return;
    }
    const at = renderer.toScreen(
      (inspection.square.x + 1) * CELL_SIZE_PX,
      inspection.square.y * CELL_SIZE_PX,
    );
    timed('tip', () => fillThreatTip(tip, inspection, at, stage.clientWidth));
  });
}
