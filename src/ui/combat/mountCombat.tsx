import { effect } from '@preact/signals';
import { render } from 'preact';
import { CELL_SIZE_PX } from '../../grid/cell';
import type { BattlefieldRenderer } from '../../render/BattlefieldRenderer';
import type { CombatOverlayState } from '../../render/combat/CombatOverlay';
import { CombatOverlay } from '../../render/combat/CombatOverlay';
import type { RoomModel } from '../model/RoomModel';
import { ActionPanel } from './ActionPanel';
import { combatOverlayState } from './combatOverlayState';
import { injectCombatStyles } from './combatStyles';
import { gmSceneNames, LogPanel, logMarkdownOf } from './LogPanel';
import { attachMapTools } from './mapTools';
import { attachPlacing } from '../placing/attachPlacing';
import { ResultPanel } from './ResultPanel';
import { SightPanel } from './SightPanel';
import { StatusPanel } from './StatusPanel';
import { TurnTrackerPanel } from './TurnTrackerPanel';
import { stepThroughOf } from '../replay/stepThroughState';
import { mountRoomThreat, RoomThreatPanel } from '../threat/RoomThreat';
import { fogHost, GmFogPreview } from '../vision/GmFogPreview';

/** `window.__iconVttCombat`: read-only copies of what the combat UI shows, for browser tests. */
export interface CombatDebug {
  overlay(): CombatOverlayState;
  /** Names of the characters the area template outlines now. */
  areaAffected(): string[];
  state(): unknown;
  markdown(): string;
}

declare global {
  interface Window {
    __iconVttCombat?: CombatDebug;
  }
}

/**
 * Mounts the combat tools on the table screen: the turn tracker, the Act panel, the result of the
 * newest roll, statuses, the line-of-sight tool, the threat map and the log, all drawn from the room model, plus
 * the combat overlay on the battlefield. Does nothing for the offline demo (no server to resolve).
 */
export function mountCombat(
  dockRoot: HTMLElement,
  stage: HTMLElement,
  renderer: BattlefieldRenderer,
  model: RoomModel,
): void {
  const host = model.host;
  if (!host) return;
  injectCombatStyles();
  // The threat map draws under the tokens, the GM's fog preview over them; the combat overlay
  // stays above both.
  const threat = mountRoomThreat(model, stage, renderer);
  const fog = fogHost(renderer);
  const overlay = new CombatOverlay(CELL_SIZE_PX);
  // Above the world container (terrain, reach, tokens, cursors), in the same world coordinates.
  renderer.viewport.addChild(overlay.container);
  // Before the map tools: while the GM picks squares for new foes, presses go to the place-foes form.
  attachPlacing(model, stage, renderer);
  attachMapTools(model, stage, renderer);
  effect(() => {
    // A past moment of a fight (src/ui/replay) shows none of the live table's aims and rings.
    const past = stepThroughOf(model).pastScene.value !== null;
    overlay.set(past ? {} : combatOverlayState(model.derived.value, model.combat.value));
    renderer.requestRender();
  });

  render(
    <div class="combat-dock" data-testid="combat-dock">
      <TurnTrackerPanel model={model} />
      <ActionPanel model={model} />
      <ResultPanel model={model} />
      <StatusPanel model={model} />
      <SightPanel model={model} />
      <RoomThreatPanel model={model} tool={threat} />
      <GmFogPreview model={model} renderer={renderer} host={fog} />
      <LogPanel model={model} />
    </div>,
    dockRoot,
  );

  Object.defineProperty(window, '__iconVttCombat', {
    configurable: true,
    writable: false,
    value: {
      overlay: () => JSON.parse(JSON.stringify(overlay.state)) as CombatOverlayState,
      areaAffected: () => {
        const d = model.derived.value;
        const r = d?.area?.result;
        return r?.legal ? r.affected.map((a) => d!.snapshot.tokensById[a.id]?.state?.name ?? a.id) : [];
      },
      state: () => JSON.parse(JSON.stringify(model.combat.value)) as unknown,
      markdown: () => {
        const snap = model.snapshot.value;
        return snap ? logMarkdownOf(snap, gmSceneNames(model)) : '';
      },
    } satisfies CombatDebug,
  });
}
