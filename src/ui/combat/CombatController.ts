import { CELL_SIZE_PX } from '../../grid/cell';
import { pathTo, reach } from '../../grid/reach';
import type { CombatOverlay, CombatOverlayState } from '../../render/combat/CombatOverlay';
import { combatOverlayState } from './combatOverlayState';
import type { BattlefieldRenderer } from '../../render/BattlefieldRenderer';
import type { CellData } from '../../schema/cell';
import { effectiveSpeed } from '../../rules/statuses';
import type { RoomSnapshot } from '../../table/snapshot';
import { combatantOf } from '../../table/snapshot';
import type { ActionChoice } from './actionChoices';
import { actionChoices } from './actionChoices';
import type { AreaPreview } from './areaPreview';
import { areaPreview } from './areaPreview';
import { battlefieldOf } from '../../table/battlefieldOf';
import type { CombatHost } from './CombatHost';
import type { EffectTargeting } from './effectTargets';
import { effectTargetsFor } from './effectTargets';
import type { SightReport } from './lineOfSightTool';
import { lineOfSightReport } from './lineOfSightTool';
import type { TargetingResult } from './targeting';
import type { Direction8Name } from '../../schema/forcedMove';
import type { ForcedPreview } from './forcedMovePreview';
import { forcedPreviewsFor } from './forcedMovePreview';
import { targetingFor } from './targeting';

/** Session-only state of the combat UI (never synced). */
export interface CombatUiState {
  actorId: string | null;
  choiceId: string | null;
  targetId: string | null;
  /** Arc squares clicked so far. */
  arc: CellData[];
  /** Area placed by a click (the ghost freezes there until used or cleared). */
  areaAt: CellData | null;
  pointer: CellData | null;
  sightMode: boolean;
  sightFrom: CellData | null;
  sightTo: CellData | null;
  /** GM-granted extra boons/curses on the next roll (source 'gm'). */
  gmBoons: number;
  gmCurses: number;
  /** Run/Dash destination picked on the map. */
  moveTo: CellData | null;
  /** Token clicked with no tool active: its statuses are shown. */
  inspectId: string | null;
  /** A destructible square picked as an attack's target (no token on it). */
  targetCell: CellData | null;
  /** The way a shoving ability sends its target (the user's choice). */
  shoveDirection: Direction8Name | null;
}

/** What the panels show, derived from the snapshot and the UI state. */
export interface CombatDerived {
  snapshot: RoomSnapshot;
  choices: ActionChoice[];
  choice: ActionChoice | null;
  targeting: TargetingResult | null;
  /** Who a plain-effect ability can be used on. */
  effect: EffectTargeting | null;
  area: AreaPreview | null;
  sight: SightReport | null;
  movePath: { path: CellData[]; cost: number } | null;
  /** Where the picked target would be pushed / pulled / shoved (before the roll). */
  forced?: ForcedPreview[];
}

/** The targeting tool put down: no target, arc, area, destination or sight check. */
const NO_TOOL = {
  targetId: null,
  targetCell: null,
  arc: [],
  areaAt: null,
  moveTo: null,
  sightMode: false,
  sightFrom: null,
  sightTo: null,
} as const satisfies Partial<CombatUiState>;

/**
 * Keeps the combat UI's session state, turns pointer input on the battlefield into targeting,
 * area placement and line-of-sight picks, and pushes what to draw to the combat overlay. Pointer
 * presses are taken (before the token/pan input sees them) only while a tool needs the map.
 */
export class CombatController {
  state: CombatUiState = {
    actorId: null,
    choiceId: null,
    targetId: null,
    arc: [],
    areaAt: null,
    pointer: null,
    sightMode: false,
    sightFrom: null,
    sightTo: null,
    gmBoons: 0,
    gmCurses: 0,
    moveTo: null,
    inspectId: null,
    targetCell: null,
    shoveDirection: null,
  };
  derived: CombatDerived | null = null;
  private listeners = new Set<() => void>();

  constructor(
    readonly host: CombatHost,
    private readonly stage: HTMLElement,
    private readonly renderer: BattlefieldRenderer,
    private readonly overlay: CombatOverlay,
  ) {
    window.addEventListener('pointerdown', (e) => this.down(e), { capture: true });
    stage.addEventListener('pointermove', (e) => this.move(e));
    window.addEventListener('keydown', (e) => {
      // Escape puts the map back to moving and selecting tokens.
      if (e.key === 'Escape' && (this.state.choiceId || this.state.sightMode)) {
        this.update({ choiceId: null, ...NO_TOOL });
      }
    });
  }

  onChange(cb: () => void): void {
    this.listeners.add(cb);
  }

  update(patch: Partial<CombatUiState>): void {
    this.state = { ...this.state, ...patch };
    this.refresh();
  }

  /** Pick an action: clears the target, arc and destination of the previous one. */
  choose(choiceId: string | null): void {
    this.update({ choiceId, targetId: null, targetCell: null, arc: [], areaAt: null, moveTo: null });
  }

  clearTool(): void {
    this.update(NO_TOOL);
  }

  /** Recompute everything from the latest snapshot and redraw. */
  refresh(): void {
    const snapshot = this.host.snapshot();
    if (!snapshot?.map) {
      this.derived = null;
      this.overlay.set({});
      this.renderer.requestRender();
      this.listeners.forEach((cb) => cb());
      return;
    }
    const s = this.state;
    const actor = s.actorId ? snapshot.tokensById[s.actorId] : undefined;
    if (s.actorId && !actor) this.state = { ...s, actorId: null, choiceId: null, targetId: null };
    const choices = actor?.statBlock ? actionChoices(actor.statBlock) : [];
    const choice = choices.find((c) => c.id === this.state.choiceId) ?? null;
    const targeting =
      actor && choice?.kind === 'attack' ? targetingFor(snapshot, actor.id, choice.ability) : null;
    const effect =
      actor && choice?.kind === 'effect' ? effectTargetsFor(snapshot, actor.id, choice.ability) : null;
    const areaCell = s.areaAt ?? s.pointer;
    const area =
      actor && choice?.kind === 'area' && (areaCell || s.arc.length)
        ? areaPreview(snapshot, actor.id, choice.ability, areaCell ?? s.arc[s.arc.length - 1]!, s.arc)
        : null;
    const sightEnd = s.sightTo ?? (s.sightFrom ? s.pointer : null);
    const sight =
      s.sightMode && s.sightFrom && sightEnd ? lineOfSightReport(snapshot, s.sightFrom, sightEnd) : null;
    const movePath =
      actor && choice?.kind === 'move'
        ? this.movePath(snapshot, actor.id, choice.id, s.moveTo ?? s.pointer)
        : null;
    const forced =
      actor && (choice?.kind === 'attack' || choice?.kind === 'effect')
        ? forcedPreviewsFor(snapshot, actor.id, choice.ability, s.targetId, s.shoveDirection)
        : [];
    this.derived = { snapshot, choices, choice, targeting, effect, area, sight, movePath, forced };
    this.overlay.set(this.overlayState());
    this.renderer.requestRender();
    this.listeners.forEach((cb) => cb());
  }

  /** The cheapest path for a Run (half Speed, rounded up) or Dash (Speed, ignoring engagement). */
  private movePath(snapshot: RoomSnapshot, id: string, mode: string, to: CellData | null) {
    const token = snapshot.tokensById[id];
    const full = token ? combatantOf(token) : null;
    const bf = battlefieldOf(snapshot, [id]);
    if (!full || !bf || !to) return null;
    const speed = effectiveSpeed(full, snapshot.statusCatalog);
    const budget = mode === 'run' ? Math.ceil(speed / 2) : speed;
    const result = reach(bf, id, { budget, dash: mode === 'dash' });
    const p = pathTo(bf, result, to);
    return p && p.path.length ? { path: p.path.map((c) => ({ x: c.x, y: c.y })), cost: p.cost } : null;
  }

  overlayState(): CombatOverlayState {
    return combatOverlayState(this.derived, this.state);
  }

  private cellAt(e: PointerEvent): CellData | null {
    const r = this.stage.getBoundingClientRect();
    const w = this.renderer.toWorld(e.clientX - r.left, e.clientY - r.top);
    const x = Math.floor(w.x / CELL_SIZE_PX);
    const y = Math.floor(w.y / CELL_SIZE_PX);
    const map = this.derived?.snapshot.map;
    return map && x >= 0 && y >= 0 && x < map.width && y < map.height ? { x, y } : null;
  }

  /** A map tool is active: presses go to it instead of selecting/dragging tokens. */
  private toolActive(): boolean {
    const kind = this.derived?.choice?.kind;
    return (
      this.state.sightMode ||
      kind === 'attack' ||
      kind === 'area' ||
      kind === 'effect' ||
      kind === 'move' ||
      (kind === 'basic' && this.derived?.choice?.id !== 'interact')
    );
  }

  private down(e: PointerEvent): void {
    if (e.button !== 0 || e.altKey || !(e.target instanceof Node) || !this.stage.contains(e.target)) return;
    const c = this.cellAt(e);
    if (!c) return;
    if (!this.toolActive()) {
      // Plain click: the token input selects/drags; we follow it to show that character here.
      const t = this.derived ? this.tokenAt(this.derived.snapshot, c) : undefined;
      if (t) {
        const mine = this.host.role === 'gm' || t.ownerIds.some((o) => this.host.characterIds.includes(o));
        const actor =
          mine && t.statBlock && t.state && t.id !== this.state.actorId
            ? { actorId: t.id, choiceId: null, targetId: null }
            : {};
        this.update({ inspectId: t.id, ...actor });
      }
      return;
    }
    e.stopPropagation();
    e.preventDefault();
    this.click(c);
  }

  /** A click on square `c` with the active tool (also used by tests through the debug hook). */
  click(c: CellData): void {
    const s = this.state;
    const d = this.derived;
    if (s.sightMode) {
      if (!s.sightFrom || s.sightTo) this.update({ sightFrom: c, sightTo: null });
      else this.update({ sightTo: c });
      return;
    }
    const choice = d?.choice;
    if (!d || !choice) return;
    const tokenHere = this.tokenAt(d.snapshot, c);
    if (choice.kind === 'attack' || choice.kind === 'basic') {
      // An empty destructible square is a target for attacks ("Destructible terrain").
      const terrain = choice.kind === 'attack' && !tokenHere && d.snapshot.destructibleHp[`${c.x},${c.y}`];
      this.update({
        targetId: tokenHere && tokenHere.id !== s.actorId ? tokenHere.id : null,
        targetCell: terrain ? c : null,
      });
    } else if (choice.kind === 'effect') {
      // A plain effect may also be used on the user itself: clicking it picks it.
      this.update({ targetId: tokenHere ? tokenHere.id : null });
    } else if (choice.kind === 'area') {
      const pattern = choice.ability.area!;
      if (pattern.primary.kind === 'arc') {
        if (s.arc.length >= pattern.primary.size) this.update({ arc: [c] });
        else this.update({ arc: [...s.arc, c] });
      } else this.update({ areaAt: s.areaAt && s.areaAt.x === c.x && s.areaAt.y === c.y ? null : c });
    } else if (choice.kind === 'move') {
      this.update({ moveTo: c });
    }
  }

  private move(e: PointerEvent): void {
    const c = this.cellAt(e);
    const p = this.state.pointer;
    if ((c === null && p === null) || (c && p && c.x === p.x && c.y === p.y)) return;
    // Only the live tools follow the pointer; otherwise keep the state still (no redraws).
    const follows =
      (this.state.sightMode && this.state.sightFrom && !this.state.sightTo) ||
      (this.derived?.choice?.kind === 'area' && !this.state.areaAt) ||
      (this.derived?.choice?.kind === 'move' && !this.state.moveTo);
    this.state = { ...this.state, pointer: c };
    if (follows) this.refresh();
  }

  private tokenAt(snapshot: RoomSnapshot, c: CellData) {
    return snapshot.tokens.find(
      (t) => c.x >= t.cell.x && c.y >= t.cell.y && c.x < t.cell.x + t.size && c.y < t.cell.y + t.size,
    );
  }
}
