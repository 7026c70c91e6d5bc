import { effect } from '@preact/signals';
import { render } from 'preact';
import { footprintsOverlap } from '../../grid/battlefield';
import { worldToCell } from '../../grid/cell';
import type { BattlefieldRenderer } from '../../render/BattlefieldRenderer';
import { drawStateOf } from '../drawings/drawState';
import { Lazy } from '../lazy/Lazy';
import { stepThroughChunk } from '../lazy/chunks';
import type { RoomModel } from '../model/RoomModel';
import { stepThroughOf } from './stepThroughState';

/**
 * The step-through of a fight on the table screen (docs/ui/step-through.md): its bar over the map
 * (fetched the first time it opens), and the map's hands while it is open. The map then shows a
 * past moment, so a press on a token there picks and drags nothing (panning and zooming stay),
 * and presses on the bar stay the bar's. Call it before the other map tools are attached: its
 * listener must come first among those in capture on window.
 */
export function mountStepThrough(opts: {
  stage: HTMLElement;
  renderer: BattlefieldRenderer;
  model: RoomModel;
  /** Phones: the bottom sheet closes, so the map is what one sees. */
  closeSheet(): void;
}): void {
  const { stage, renderer, model } = opts;
  const state = stepThroughOf(model);
  const slot = document.createElement('div');
  slot.className = 'step-slot';
  stage.append(slot);
  window.addEventListener(
    'pointerdown',
    (e) => {
      if (!state.request.peek() || !(e.target instanceof Node) || !stage.contains(e.target)) return;
      // The bar's own buttons still get their click (a separate event).
      if (slot.contains(e.target)) return void e.stopImmediatePropagation();
      const past = state.pastScene.peek();
      if (!past || e.altKey) return;
      const r = stage.getBoundingClientRect();
      const c = worldToCell(renderer.toWorld(e.clientX - r.left, e.clientY - r.top));
      if (c && past.tokens.some((t) => footprintsOverlap(t.cell, t.size, c, 1))) e.stopImmediatePropagation();
    },
    { capture: true },
  );
  let wasOpen = false;
  effect(() => {
    const open = state.request.value !== null;
    if (open && !wasOpen) {
      // What was in hand aimed at the live map: put down before the past one shows.
      opts.closeSheet();
      model.choose(null);
      const draw = drawStateOf(model);
      if (draw.peek().tool) draw.value = { ...draw.peek(), tool: null };
    }
    wasOpen = open;
  });
  // No selection on a past moment: its reach and highlight would be today's.
  effect(() => {
    if (state.pastScene.value && model.selectedId.value !== null) model.selectedId.value = null;
  });
  const close = (): void => {
    state.request.value = null;
  };
  const Slot = () => {
    const request = state.request.value;
    if (!request) return null;
    return (
      <Lazy
        chunk={stepThroughChunk}
        onUnavailable={close}
        render={(m) => (
          <m.StepBar key={request.entryId ?? ''} model={model} request={request} onClose={close} />
        )}
      />
    );
  };
  render(<Slot />, slot);
}
