import { effect } from '@preact/signals';
import { Container } from 'pixi.js';
import type { BattlefieldRenderer } from '../../render/BattlefieldRenderer';
import type { RoomSnapshot } from '../../table/snapshot';
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
  // Under the tokens; the layer, the tip and the tap to pin come with the threat chunk the first
  // time the map is opened.
  const host = new Container({ label: 'threat' });
  renderer.underTokens.addChild(host);
  let attached = false;
  effect(() => {
    if (!tool.state.value.on || attached) return;
    attached = true;
    threatChunk.load().then(
      (chunk) => chunk.attachRoomOverlay(tool, model, stage, renderer, host),
      () => (attached = false), // the page said so; opening again tries afresh
    );
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
