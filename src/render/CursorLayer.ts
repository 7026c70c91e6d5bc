import { Container, Graphics, Text, type Ticker } from 'pixi.js';

/** Another user's presence: where their pointer is and an optional ping (ms since epoch). */
export interface RemoteCursor {
  readonly clientId: number;
  readonly name: string;
  readonly colour: number;
  /** Pointer position in world pixels. */
  readonly x: number;
  readonly y: number;
  readonly ping?: { readonly x: number; readonly y: number; readonly at: number };
}

const PING_MS = 1500;

/** Other users' cursors (arrow + name) and pings (expanding rings that fade over 1.5 s). */
/** Where a cursor's name tag starts, right of and below the pointer (screen px at zoom 1). */
const TAG_OFFSET_PX = 14;
/** Font size of the name tag; with its 4 px outline the tag ends ≈ 34 px below the pointer. */
const TAG_FONT_PX = 12;
/** How far below the pointer a cursor's name tag ends: labels placed under it start here. */
export const CURSOR_TAG_BOTTOM_PX = TAG_OFFSET_PX + TAG_FONT_PX * 1.25 + 4 * 2;

export class CursorLayer {
  readonly container = new Container({ label: 'cursors' });
  private readonly cursors = new Map<number, Container>();
  private readonly pings = new Graphics();
  private pingList: Array<{ x: number; y: number; at: number; colour: number }> = [];
  /** One more frame is needed to erase the last ping. */
  private pendingClear = false;

  constructor(ticker: Ticker) {
    this.container.eventMode = 'none';
    this.container.addChild(this.pings);
    ticker.add(() => this.animatePings());
  }

  setCursors(list: readonly RemoteCursor[]): void {
    const seen = new Set<number>();
    for (const r of list) {
      seen.add(r.clientId);
      let c = this.cursors.get(r.clientId);
      if (!c) {
        c = new Container();
        const arrow = new Graphics()
          .poly([0, 0, 0, 18, 5, 13, 9, 21, 12, 19, 8, 12, 14, 12])
          .fill(r.colour)
          .stroke({ width: 1.5, color: 0xffffff });
        const label = new Text({
          text: r.name,
          style: {
            fontFamily: 'Arial',
            fontSize: TAG_FONT_PX,
            fill: 0xffffff,
            stroke: { color: r.colour, width: 4 },
          },
        });
        label.position.set(TAG_OFFSET_PX, TAG_OFFSET_PX);
        c.addChild(arrow, label);
        this.container.addChild(c);
        this.cursors.set(r.clientId, c);
      }
      c.position.set(r.x, r.y);
      if (r.ping && !this.pingList.some((p) => p.at === r.ping?.at)) {
        this.pingList.push({ ...r.ping, colour: r.colour });
      }
    }
    for (const [id, c] of this.cursors) {
      if (!seen.has(id)) {
        c.destroy({ children: true });
        this.cursors.delete(id);
      }
    }
  }

  /** A local ping (drawn immediately, the same way remote ones are). */
  ping(x: number, y: number, colour: number): void {
    this.pingList.push({ x, y, at: Date.now(), colour });
  }

  /** Pings are fading: the stage must keep redrawing. */
  animating(): boolean {
    const clear = this.pendingClear;
    this.pendingClear = false;
    return this.pingList.length > 0 || clear;
  }

  private animatePings(): void {
    if (this.pingList.length === 0) return;
    const now = Date.now();
    this.pingList = this.pingList.filter((p) => now - p.at < PING_MS && now >= p.at - 5000);
    this.pings.clear();
    if (this.pingList.length === 0) this.pendingClear = true;
    for (const p of this.pingList) {
      const t = Math.max(0, (now - p.at) / PING_MS);
      for (const k of [0, 0.3]) {
        const tt = Math.min(1, t + k);
        this.pings.circle(p.x, p.y, 8 + tt * 40).stroke({ width: 3, color: p.colour, alpha: 1 - tt });
      }
    }
  }
}
