import { CELL_SIZE_PX } from '../../grid/cell';
import type { BattlefieldRenderer } from '../../render/BattlefieldRenderer';
import type { CombatOverlayState } from '../../render/combat/CombatOverlay';
import { CombatOverlay } from '../../render/combat/CombatOverlay';
import type { RoomSnapshot } from '../../table/snapshot';
import { el } from '../dom';
import type { TableSession } from '../TableSession';
import { ActionPanel } from './ActionPanel';
import type { CombatHost } from './CombatHost';
import { connectCombatHost } from './CombatHost';
import { CombatController } from './CombatController';
import { injectCombatStyles } from './combatStyles';
import { LogPanel } from './LogPanel';
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

/**
 * Mounts the combat tools on the table screen: the turn tracker, targeting/area/actions, the
 * result of the newest roll, statuses, the line-of-sight tool and the log, plus the combat overlay
 * on the battlefield. Does nothing for sessions without a live room (the offline demo).
 */
export async function mountCombat(
  panel: HTMLElement,
  stage: HTMLElement,
  renderer: BattlefieldRenderer,
  session: TableSession,
): Promise<void> {
  let host: CombatHost | null;
  try {
    host = await connectCombatHost(session);
  } catch (error) {
    // The table still works without the combat tools; say why they are missing.
    panel.prepend(
      el(
        'div',
        { class: 'error', 'data-testid': 'combat-error' },
        `Combat tools unavailable: ${(error as Error).message}`,
      ),
    );
    return;
  }
  if (!host) return;
  injectCombatStyles();
  const status = (text: string, kind: 'ok' | 'refused' | 'info'): void => {
    const msg = document.querySelector<HTMLElement>('[data-testid="status-message"]');
    if (msg) {
      msg.textContent = text;
      msg.className = `msg ${kind}`;
      msg.dataset['kind'] = kind;
    }
  };
  const overlay = new CombatOverlay(CELL_SIZE_PX);
  // Above the world container (terrain, reach, tokens, cursors), in the same world coordinates.
  renderer.viewport.addChild(overlay.container);
  const ctl = new CombatController(host, stage, renderer, overlay);
  const tracker = new TurnTrackerPanel(host, status);
  const actions = new ActionPanel(ctl, status);
  const result = new ResultPanel(host, status);
  const statuses = new StatusPanel(host, status);
  const sight = new SightPanel(ctl);
  const log = new LogPanel((id) => {
    result.pinned = id;
    result.render(host.snapshot());
  });
  const dock = el(
    'div',
    { class: 'combat-dock', 'data-testid': 'combat-dock' },
    tracker.root,
    actions.root,
    result.root,
    statuses.root,
    sight.root,
    log.root,
  );
  panel.prepend(dock);

  let previous: RoomSnapshot | null = host.snapshot();
  let lastLogLength = previous?.log.length ?? 0;
  const renderPanels = (): void => {
    const snap = ctl.derived?.snapshot ?? host.snapshot();
    actions.render();
    sight.render();
    statuses.render(snap, ctl.state.targetId ?? ctl.state.inspectId ?? ctl.state.actorId);
  };
  ctl.onChange(renderPanels);
  const onSnapshot = (): void => {
    const snap = host.snapshot();
    previous = snap;
    tracker.render(snap);
    // A new log entry brings the result panel back to the newest roll.
    if (snap && previous !== snap && snap.log.length !== lastLogLength) result.pinned = null;
    lastLogLength = snap?.log.length ?? 0;
    result.render(snap);
    log.render(snap);
    ctl.refresh();
  };
  host.onChange(onSnapshot);
  onSnapshot();

  Object.defineProperty(window, '__iconVttCombat', {
    configurable: true,
    writable: false,
    value: {
      overlay: () => JSON.parse(JSON.stringify(overlay.state)) as CombatOverlayState,
      areaAffected: () => {
        const d = ctl.derived;
        const r = d?.area?.result;
        return r?.legal ? r.affected.map((a) => d!.snapshot.tokensById[a.id]?.state?.name ?? a.id) : [];
      },
      state: () => JSON.parse(JSON.stringify(ctl.state)) as unknown,
      markdown: () => {
        const snap = host.snapshot();
        return snap ? log.markdown(snap) : '';
      },
    } satisfies CombatDebug,
  });
}
