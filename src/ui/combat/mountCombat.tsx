import { effect } from '@preact/signals';
import { render } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { CELL_SIZE_PX } from '../../grid/cell';
import type { BattlefieldRenderer } from '../../render/BattlefieldRenderer';
import type { CombatOverlayState } from '../../render/combat/CombatOverlay';
import { CombatOverlay } from '../../render/combat/CombatOverlay';
import type { RoomModel } from '../model/RoomModel';
import { ActionPanel } from './ActionPanel';
import { combatOverlayState } from './combatOverlayState';
import { injectCombatStyles } from './combatStyles';
import { LogPanel, logMarkdownOf } from './LogPanel';
import { attachMapTools } from './mapTools';
import { ResultPanel } from './ResultPanel';
import { SightPanel } from './SightPanel';
import { StatusPanel } from './StatusPanel';
import { TurnTrackerPanel } from './TurnTrackerPanel';

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

/** Places a panel that still builds its own DOM (being moved to components) inside the dock. */
function Legacy({ node }: { node: HTMLElement }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.replaceChildren(node);
  }, [node]);
  return <div class="legacy-panel" ref={ref} />;
}

/**
 * Mounts the combat tools on the table screen: the turn tracker, the Act panel, the result of the
 * newest roll, statuses, the line-of-sight tool and the log, all drawn from the room model, plus
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
  const overlay = new CombatOverlay(CELL_SIZE_PX);
  // Above the world container (terrain, reach, tokens, cursors), in the same world coordinates.
  renderer.viewport.addChild(overlay.container);
  attachMapTools(model, stage, renderer);
  effect(() => {
    overlay.set(combatOverlayState(model.derived.value, model.combat.value));
    renderer.requestRender();
  });

  const status = (text: string, kind: 'ok' | 'refused' | 'info') => model.say(text, kind);
  const tracker = new TurnTrackerPanel(host, status);
  const result = new ResultPanel(host, status);
  const statuses = new StatusPanel(host, status);
  effect(() => {
    const snap = model.snapshot.value;
    tracker.render(snap);
    result.pinned = model.pinnedEntry.value;
    result.render(snap);
  });
  effect(() => {
    const s = model.combat.value;
    statuses.render(model.snapshot.value, s.targetId ?? s.inspectId ?? s.actorId);
  });

  render(
    <div class="combat-dock" data-testid="combat-dock">
      <Legacy node={tracker.root} />
      <ActionPanel model={model} />
      <Legacy node={result.root} />
      <Legacy node={statuses.root} />
      <SightPanel model={model} />
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
        return snap ? logMarkdownOf(snap) : '';
      },
    } satisfies CombatDebug,
  });
}
