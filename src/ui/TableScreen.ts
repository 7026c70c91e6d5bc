import { CELL_SIZE_PX, worldToCell } from '../grid/cell';
import { spaceTypeOfCode } from '../schema/map';
import { BattlefieldRenderer } from '../render/BattlefieldRenderer';
import { assetTileSource } from './backdrop/assetTileSource';
import { installDebugHook } from './debugHook';
import { el } from './dom';
import { InputController } from './InputController';
import { installKeyboard } from './input/installKeyboard';
import { LinkIndicator } from './LinkIndicator';
import { mapToTerrainGrid } from './mapToTerrainGrid';
import { reachOf } from './moveRules';
import { drawnTokens, movedOn, type Scene } from './Scene';
import { SidePanel } from './SidePanel';
import type { GmActions, TableSession } from './TableSession';
import { mountCombat } from './combat/mountCombat';
import { RoomModel } from './model/RoomModel';
import { effect, signal } from '@preact/signals';
import { h, render } from 'preact';
import { FirstRunHints } from './hints/FirstRunHints';
import { hintsDismissed } from './hints/hintStore';
import { loadPortrait } from './portrait/portraitAssets';
import { RulerTool } from './ruler/RulerTool';
import { mountDrawing } from './drawings/mountDrawing';
import { pageRoomLink } from './pageLink';
import { mountStepThrough } from './replay/mountStepThrough';
import { stepThroughOf } from './replay/stepThroughState';
import { openingMessage, whoYouAre } from './whoYouAre';

/**
 * The table: left toolbar, battlefield (PixiJS), right panel (tokens, editor, invites, legend),
 * status bar. Same screen for GM and players; the GM gets the editor and invite sections.
 */
export async function mountTableScreen(root: HTMLElement, rawSession: TableSession): Promise<void> {
  const stage = el('div', { class: 'stage', 'data-testid': 'stage' });
  const toolbar = el('nav', { class: 'toolbar', 'data-testid': 'toolbar' });
  const panel = el('aside', { class: 'panel', 'data-testid': 'panel' });
  const statusMsg = el('span', { class: 'msg', 'data-testid': 'status-message' });
  const statusCell = el('span', { 'data-testid': 'status-cell' });
  // People know a room by its name; the id is only the link's business.
  const roomLabel = el('span', { 'data-testid': 'status-room' });
  // "You are the GM" / "You are Pat, playing Maren": follows the characters' names (whoYouAre.ts).
  const who = el('span', { 'data-testid': 'status-role' });
  const statusbar = el('footer', { class: 'statusbar' }, who, roomLabel, statusCell, statusMsg);
  const tableRoot = el(
    'div',
    { class: 'table', 'data-testid': `table-${rawSession.viewer.role}` },
    toolbar,
    stage,
    panel,
    statusbar,
  );
  root.replaceChildren(tableRoot);

  // Phones: the panel is a bottom sheet; its handle opens and closes it (hidden on wider screens).
  const handle = el(
    'button',
    {
      class: 'sheet-handle',
      'aria-expanded': 'false',
      'aria-controls': 'side-panel',
      'data-testid': 'sheet-handle',
    },
    'Panel',
  );
  panel.id = 'side-panel';
  panel.append(handle);
  // First-run hints (src/ui/hints): step shown, or null once closed.
  const hintStep = signal<number | null>(hintsDismissed(rawSession.viewer.role) ? null : 0);
  // The sheet's state draws the handle; a closed sheet says when tips wait inside it, else a
  // new player on a phone would never see them.
  const sheetOpen = signal(false);
  handle.onclick = () => (sheetOpen.value = !sheetOpen.value);
  // Focus that moves into a closed sheet (Enter or / to the chat from a phone's keyboard, Tab)
  // opens it: a focused field must be one the person can see. On wide screens the panel is no
  // sheet, and its open state draws nothing.
  panel.addEventListener('focusin', (e) => {
    if (e.target !== handle && !sheetOpen.peek()) sheetOpen.value = true;
  });
  effect(() => {
    const open = sheetOpen.value;
    panel.classList.toggle('open', open);
    handle.setAttribute('aria-expanded', String(open));
    handle.textContent = open ? 'Close panel' : hintStep.value !== null ? 'Panel · tips for you' : 'Panel';
  });
  const renderer = new BattlefieldRenderer(CELL_SIZE_PX);
  await renderer.init(stage);
  // Battlemap tiles come from the room's assets (live rooms only; the offline demo has none).
  const linkToken = pageRoomLink()?.token;
  if (rawSession.connection && linkToken)
    renderer.setBackgroundSource(assetTileSource(rawSession.roomId, linkToken));
  // Portraits come from the live room's images (the offline demo has none).
  if (rawSession.connection) renderer.setPortraitLoader((hash) => loadPortrait(rawSession.roomId, hash));
  // An open sheet covers the lower half of the map: the view's middle moves up into what stays
  // visible (measured once the sheet has slid), and back down when it closes.
  let sheetShift = 0;
  // `fitted`: the camera was just placed on the map's middle, so no earlier shift is in it.
  const clearOfSheet = (fitted: boolean): void => {
    const covered = stage.getBoundingClientRect().bottom - panel.getBoundingClientRect().top;
    const cam = renderer.camera();
    const shift = sheetOpen.peek() && covered > 0 ? covered / 2 / cam.zoom : 0;
    renderer.setCamera({ ...cam, y: cam.y + shift - (fitted ? 0 : sheetShift) });
    sheetShift = shift;
  };
  panel.addEventListener('transitionend', (e) => e.target === panel && clearOfSheet(false));
  // The status line shows the model's message; every panel says things through `model.say`.
  const modelRef: { current?: RoomModel } = {};
  const status = (text: string, kind: 'ok' | 'refused' | 'info' = 'info'): void =>
    modelRef.current?.say(text, kind);
  const session: TableSession = rawSession.gm
    ? { ...rawSession, gm: guardGm(rawSession.gm, status) }
    : rawSession;
  const roomModel = new RoomModel(session);
  modelRef.current = roomModel;
  effect(() => {
    const text = whoYouAre(roomModel.viewer, roomModel.scene.value.tokens);
    if (who.textContent !== text) who.textContent = text;
  });
  // Live rooms only: the offline demo has no server to lose.
  if (rawSession.connection) {
    const link = el('span');
    statusbar.insertBefore(link, statusCell);
    render(h(LinkIndicator, { model: roomModel }), link);
  }
  effect(() => {
    const { text, kind } = roomModel.status.value;
    statusMsg.textContent = text;
    statusMsg.className = `msg ${kind}`;
    statusMsg.dataset['kind'] = kind;
  });
  let scene: Scene = session.scene();
  // The selection is the model's: a click on the battlefield writes it, the token panel writes
  // it, and the battlefield's highlight and reach follow it.
  const input = new InputController(stage, renderer, session, roomModel.selectedId, { status });
  stage.addEventListener('pointermove', (e) => {
    const r = stage.getBoundingClientRect();
    const w = renderer.toWorld(e.clientX - r.left, e.clientY - r.top);
    const c = worldToCell(w);
    const m = scene.map;
    const inside = c && c.x < m.width && c.y < m.height;
    // The hovered token's whole name: map labels may shorten a long one to fit the footprint.
    const token = inside ? input.tokenAt(c) : undefined;
    statusCell.textContent = inside
      ? `${token ? `${token.name} · ` : ''}(${c.x}, ${c.y}) ${spaceTypeOfCode(m.cells[c.y]?.[c.x] ?? '.') ?? ''}, height ${m.heights[c.y]?.[c.x]}`
      : '';
  });

  // The ruler (issue 15): hold R or the toolbar toggle; it takes presses before the token drag.
  const ruler = new RulerTool({
    root: tableRoot,
    stage,
    renderer,
    session,
    status,
    tokenAt: (c) => input.tokenAt(c),
  });
  // Keyboard: arrows, Delete, Ctrl+Z, + / −, ?, Esc (docs/ui.md "Keyboard"); zoom steps as + / −.
  installKeyboard({
    input,
    session,
    status,
    zoom: (d) => (renderer.viewport.zoomPercent(d === 1 ? 0.25 : -0.2, true), renderer.requestRender()),
  });
  // Toolbar: camera and help buttons (the editor lives in the panel).
  const tool = (label: string, title: string, testid: string, f: () => void): HTMLButtonElement => {
    const b = el('button', { title, 'data-testid': testid }, label);
    b.onclick = f;
    return b;
  };
  toolbar.append(
    tool('⤢', 'Fit map to screen', 'fit', () => renderer.fit()),
    tool(
      '+',
      'Zoom in',
      'zoom-in',
      () => (renderer.viewport.zoomPercent(0.25, true), renderer.requestRender()),
    ),
    tool(
      '−',
      'Zoom out',
      'zoom-out',
      () => (renderer.viewport.zoomPercent(-0.2, true), renderer.requestRender()),
    ),
    el('div', { class: 'sep' }),
    ruler.button,
    tool('◎', 'Ping the centre of the view (or Alt+click anywhere)', 'ping', () => {
      const c = renderer.camera();
      renderer.ping(c.x, c.y, 0xffd23f);
      session.setPresence({ ping: { x: c.x, y: c.y, at: Date.now() } });
    }),
    tool('?', 'Help: the first-use tips again', 'help', () => {
      hintStep.value = 0;
      sheetOpen.value = true;
      status(
        'Drag empty space to pan, wheel/pinch to zoom, drag a token to move it, Alt+click to ping; press ? on the keyboard for every shortcut.',
      );
    }),
  );

  // The panel column: the phone sheet's handle, the first-run hints (until dismissed for good, per
  // role), then one Preact tree drawn from the model (the combat dock mounts into `dock`).
  const hintsRoot = el('div');
  const column = el('div');
  panel.append(hintsRoot, column);
  render(h(FirstRunHints, { role: session.viewer.role, step: hintStep }), hintsRoot);
  const dock = el('div', { class: 'combat-dock-root' });
  render(
    h(SidePanel, {
      model: roomModel,
      dock,
      // Export needs the GM's bearer token, which only a live room's link carries (not the demo).
      gmToken: session.gm ? (pageRoomLink()?.token ?? null) : null,
      onEditor: (state) => {
        input.editor = state;
        stage.style.cursor = state ? 'crosshair' : '';
        status(state ? `Editing: ${state.tool}` : 'Moving tokens');
      },
    }),
    column,
  );
  // Before the map tools: while a fight is stepped through, presses on its past tokens go nowhere.
  mountStepThrough({ stage, renderer, model: roomModel, closeSheet: () => (sheetOpen.value = false) });
  mountCombat(dock, stage, renderer, roomModel); // combat: tracker, targeting, results, log
  // Drawings and notes (issue 15): the Draw button goes after the ping button.
  const drawSlot = el('div', { class: 'draw-slot' });
  toolbar.insertBefore(drawSlot, toolbar.querySelector('[data-testid="help"]'));
  mountDrawing(drawSlot, stage, renderer, roomModel);

  let lastMap: Scene['map'] | undefined;
  let lastHp: Scene['destructibleHp'];
  let lastBackground: Scene['map']['background'];
  let drawn: Scene | undefined;
  const draw = (s: Scene): void => {
    const moved = movedOn(drawn, s);
    drawn = scene = s;
    // "Greyhollow · The crypt": the room, and the scene the party is in once it has moved on.
    const room = s.roomName || s.map.name;
    roomLabel.textContent = s.sceneName && s.sceneName !== room ? `${room} · ${s.sceneName}` : room;
    if (s.map !== lastMap || s.destructibleHp !== lastHp) {
      lastMap = s.map;
      lastHp = s.destructibleHp;
      renderer.setTerrain(mapToTerrainGrid(s.map, s.destructibleHp));
    }
    // The party moved on: every page, GM's and players', shows the new scene as on first load.
    if (moved) {
      renderer.openingView();
      if (sheetShift) clearOfSheet(true);
    }
    // Compared by value: the map object is new on every paint stroke or damaged wall.
    if (JSON.stringify(s.map.background) !== JSON.stringify(lastBackground)) {
      lastBackground = s.map.background;
      renderer.setBackground(s.map.background);
    }
    renderer.setTokens(drawnTokens(s, session.viewer));
    if (input.selectedId && !s.tokens.some((t) => t.id === input.selectedId)) input.select(undefined);
    input.refreshReach();
  };
  // The battlefield draws the model's scene, like every panel (one model, docs/ui.md), or the past
  // moment of a fight being stepped through (docs/ui/step-through.md).
  effect(() => draw(stepThroughOf(roomModel).pastScene.value ?? roomModel.scene.value));
  // Others' presence: cursors and pings, and a ghost of any token someone is dragging.
  let ghosts = new Set<string>();
  session.onPresence((others) => {
    renderer.setCursors(
      others
        .filter((o) => o.pointer)
        .map((o) => ({
          clientId: o.clientId,
          name: o.name,
          colour: o.colour,
          x: o.pointer!.x,
          y: o.pointer!.y,
          ping: o.ping,
        })),
    );
    const now = new Set<string>();
    for (const o of others) {
      if (!o.drag || o.drag.tokenId === input.draggingId()) continue;
      now.add(o.drag.tokenId);
      renderer.previewToken(o.drag.tokenId, o.drag.cell.x, o.drag.cell.y);
    }
    for (const id of ghosts)
      if (!now.has(id) && id !== input.draggingId()) renderer.previewToken(id, undefined, undefined);
    ghosts = now;
  });
  const hook = installDebugHook(
    session.viewer.role,
    renderer,
    stage,
    () => scene,
    () => input.selectedId,
    (id) => reachOf(scene, id)?.cells ?? [],
  );
  status(openingMessage(session.viewer, scene.tokens));
  // Two animation frames: the first renders the stage, the second runs after it was presented.
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      hook.firstFrameMs = performance.now();
      hook.ready = true;
      document.body.dataset['ready'] = 'true';
    }),
  );
}

/** GM writes refuse bad edits by throwing (e.g. "does not fit on the map"): show that instead. */
function guardGm(gm: GmActions, status: (text: string, kind: 'refused') => void): GmActions {
  const wrapped = { ...gm };
  for (const key of Object.keys(gm) as Array<keyof GmActions>) {
    const f = gm[key] as (...args: unknown[]) => unknown;
    (wrapped as Record<string, unknown>)[key] = (...args: unknown[]) => {
      try {
        return f(...args);
      } catch (e) {
        status(`Refused: ${(e as Error).message}`, 'refused');
        return undefined;
      }
    };
  }
  return wrapped;
}
