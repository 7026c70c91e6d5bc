import { worldToCell } from '../../grid/cell';
import type { BattlefieldRenderer } from '../../render/BattlefieldRenderer';
import type { RulerView } from '../../render/RulerLayer';
import { MAX_RULER_WAYPOINTS } from '../../schema/presence';
import { el } from '../dom';
import type { CellXY } from '../editorTools';
import { isTyping } from '../input/installKeyboard';
import type { SceneToken } from '../Scene';
import type { Presence, RulerPresence, TableSession } from '../TableSession';
import { installRulerDebug } from './rulerDebug';
import { rulerViewOf } from './rulerView';
import { knownSquares } from '../vision/knownSquares';

/** Under fog of war a player's ruler stops at the last square the party saw (docs/ui/vision.md). */
const UNSEEN = 'You cannot measure into squares you have not seen';

/** Your own ruler's colour (others' are drawn in theirs). */
const OWN_COLOUR = 0xffd23f;

const ICON =
  '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><g fill="none" stroke="currentColor" stroke-width="2">' +
  '<rect x="2" y="8" width="20" height="8" rx="1"/><path d="M6 8v3M10 8v4M14 8v3M18 8v4"/></g></svg>';

export interface RulerHost {
  /** The element holding the toolbar, the stage and the panel: the ruler listens there first. */
  readonly root: HTMLElement;
  readonly stage: HTMLElement;
  readonly renderer: BattlefieldRenderer;
  readonly session: TableSession;
  /** The token whose footprint covers a square (the input controller's answer). */
  tokenAt(c: CellXY): SceneToken | undefined;
  status(text: string, kind?: 'ok' | 'refused' | 'info'): void;
}

/**
 * The ruler (issue 15; docs/ui.md "Measuring"): while R is held or the toolbar toggle is on, a
 * press on a square or token starts a ruler there and its end follows the pointer; a click (a
 * press and release on one square) adds a waypoint; releasing after a drag, releasing R, turning
 * the toggle off or Esc ends it. It is shared as presence while held and drawn for everyone in
 * the owner's colour, each page measuring it itself. It takes its presses before the token drag
 * and the map's pan (capture on the root), so measuring never moves a token or the camera.
 */
export class RulerTool {
  readonly button: HTMLButtonElement;
  private readonly readout: HTMLElement;
  private held = false;
  private toggled = false;
  private ruler: RulerPresence | null = null;
  /** The press in progress: where it began, whether it left that square, and whether it started the ruler. */
  private press: { at: CellXY; moved: boolean; started: boolean } | null = null;
  private mine: { view: RulerView; lines: string[] } | null = null;
  private others: Array<{ view: RulerView; lines: string[] }> = [];
  private lastOthers: readonly Presence[] = [];
  /** The pointer is past the last square this player's party saw: the end stopped short. */
  private clipped = false;

  constructor(private readonly host: RulerHost) {
    this.button = el('button', {
      type: 'button',
      title: 'Ruler: measure distances and moves (or hold R)',
      'aria-label': 'Ruler',
      'aria-pressed': 'false',
      'data-testid': 'ruler-toggle',
    });
    this.button.innerHTML = ICON;
    this.button.onclick = () => this.setToggled(!this.toggled);
    this.readout = el('div', {
      class: 'ruler-readout',
      role: 'status',
      'aria-live': 'polite',
      'data-testid': 'ruler-readout',
      hidden: true,
    });
    host.stage.append(this.readout);
    const { root } = host;
    root.addEventListener('pointerdown', (e) => this.down(e), { capture: true });
    root.addEventListener('pointermove', (e) => this.move(e), { capture: true });
    window.addEventListener('pointerup', (e) => this.up(e));
    window.addEventListener('pointercancel', () => this.end());
    window.addEventListener('keydown', (e) => this.keyDown(e));
    window.addEventListener('keyup', (e) => {
      if (e.key.toLowerCase() !== 'r' || !this.held) return;
      this.held = false;
      if (!this.toggled) this.end();
    });
    window.addEventListener('blur', () => {
      this.held = false;
      if (!this.toggled) this.end();
    });
    host.session.onPresence((others) => {
      this.lastOthers = others;
      this.drawOthers();
    });
    host.session.onScene(() => {
      this.measureMine();
      this.drawOthers();
    });
    installRulerDebug({
      mine: () =>
        this.mine && this.ruler
          ? { lines: this.mine.lines, waypoints: this.ruler.waypoints.length, to: this.ruler.to }
          : null,
      others: () => this.others.map((o) => ({ name: o.view.owner ?? '', lines: o.lines })),
    });
  }

  private active(): boolean {
    return this.held || this.toggled;
  }

  private setToggled(on: boolean): void {
    this.toggled = on;
    this.button.setAttribute('aria-pressed', String(on));
    this.button.classList.toggle('active', on);
    if (on) this.host.status('Ruler on: drag from a square or token; a tap adds a waypoint; Esc cancels.');
    else if (!this.held) this.end();
  }

  private keyDown(e: KeyboardEvent): void {
    if (e.defaultPrevented || isTyping(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'Escape' && this.ruler) {
      this.end();
      this.host.status('Ruler cancelled');
      return;
    }
    if (e.key.toLowerCase() !== 'r' || e.repeat || this.held) return;
    this.held = true;
  }

  private cellAt(e: PointerEvent): CellXY | null {
    const r = this.host.stage.getBoundingClientRect();
    const c = worldToCell(this.host.renderer.toWorld(e.clientX - r.left, e.clientY - r.top));
    const m = this.host.session.scene().map;
    return c && c.x < m.width && c.y < m.height ? { x: c.x, y: c.y } : null;
  }

  private onStage(e: Event): boolean {
    return e.target instanceof Node && this.host.stage.contains(e.target);
  }

  private down(e: PointerEvent): void {
    if (!this.active() || e.button !== 0 || e.altKey || !this.onStage(e)) return;
    // Ours: neither the token drag nor the camera's pan sees this press.
    e.stopPropagation();
    e.preventDefault();
    const c = this.cellAt(e);
    if (!c) return;
    const started = !this.ruler;
    if (!this.ruler) {
      if (knownSquares.peek()?.has(c) === false) return this.host.status(UNSEEN, 'refused');
      const token = this.host.tokenAt(c);
      this.ruler = { from: c, waypoints: [], to: c, ...(token ? { tokenId: token.id } : {}) };
    } else this.ruler = { ...this.ruler, to: this.reach(c) };
    this.press = { at: c, moved: false, started };
    this.changed();
  }

  private move(e: PointerEvent): void {
    if (!this.ruler || (!this.press && !this.onStage(e))) return;
    const at = this.cellAt(e);
    const clipped = this.clipped;
    const c = at && this.reach(at);
    if (!c || (c.x === this.ruler.to.x && c.y === this.ruler.to.y)) {
      if (clipped !== this.clipped) this.measureMine();
      return;
    }
    if (this.press && (c.x !== this.press.at.x || c.y !== this.press.at.y)) this.press.moved = true;
    this.ruler = { ...this.ruler, to: c };
    this.changed();
  }

  private up(e: PointerEvent): void {
    const press = this.press;
    this.press = null;
    if (!press || !this.ruler) return;
    // Released after a drag: the measure is done.
    if (press.moved) return this.end();
    if (press.started) return;
    const c = this.reach(this.cellAt(e) ?? press.at);
    if (this.ruler.waypoints.length >= MAX_RULER_WAYPOINTS) {
      this.host.status(`A ruler holds at most ${MAX_RULER_WAYPOINTS} waypoints`, 'refused');
      return;
    }
    this.ruler = { ...this.ruler, waypoints: [...this.ruler.waypoints, c], to: c };
    this.changed();
  }

  /** Where the ruler may end for `c`: short of squares this player's party never saw. */
  private reach(c: CellXY): CellXY {
    const r = this.ruler!;
    const end = knownSquares.peek()?.towards(r.waypoints.at(-1) ?? r.from, c) ?? c;
    this.clipped = end !== c;
    return end;
  }

  /** Releases the ruler: it disappears here and, through presence, everywhere. */
  private end(): void {
    this.press = null;
    this.clipped = false;
    if (!this.ruler) return;
    this.ruler = null;
    this.changed();
  }

  private changed(): void {
    this.host.session.setPresence({ ruler: this.ruler });
    this.measureMine();
  }

  private measureMine(): void {
    this.mine = this.ruler
      ? rulerViewOf(this.host.session.scene(), this.ruler, { key: 'me', colour: OWN_COLOUR, short: true })
      : null;
    this.readout.hidden = !this.mine;
    this.readout.replaceChildren(...(this.mine?.lines ?? []).map((line) => el('div', {}, line)));
    if (this.mine && this.clipped) this.readout.append(el('div', { 'data-testid': 'ruler-unseen' }, UNSEEN));
    this.draw();
  }

  private drawOthers(): void {
    const scene = this.host.session.scene();
    this.others = this.lastOthers.flatMap((o) =>
      o.ruler
        ? [rulerViewOf(scene, o.ruler, { key: String(o.clientId), colour: o.colour, owner: o.name })]
        : [],
    );
    this.draw();
  }

  private draw(): void {
    const views = this.others.map((o) => o.view);
    this.host.renderer.setRulers(this.mine ? [...views, this.mine.view] : views);
  }
}
