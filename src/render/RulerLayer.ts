import { Container, Graphics, Text } from 'pixi.js';
import { CURSOR_TAG_BOTTOM_PX } from './CursorLayer';

/** One ruler to draw: squares in map coordinates, words already measured by the caller. */
export interface RulerView {
  /** Stable per owner ("me", or a client id), so a moving ruler reuses its label. */
  readonly key: string;
  readonly colour: number;
  /** The start's footprint (a token's, or the square) and the squares the ruler passes. */
  readonly start: { readonly x: number; readonly y: number; readonly size: number };
  readonly waypoints: readonly { readonly x: number; readonly y: number }[];
  readonly end: { readonly x: number; readonly y: number };
  /** A character's move: footprint positions (north-west squares) after the start. */
  readonly movePath?: readonly { readonly x: number; readonly y: number }[];
  /** The owner's name on someone else's ruler; none on your own. */
  readonly owner?: string;
  readonly lines: readonly string[];
}

/** Label text in screen pixels: kept this size whatever the zoom, within reason. */
const LABEL_PX = 14;
/** Longer lines wrap, so a label fits a phone's screen. */
const LABEL_MAX_PX = 230;

/**
 * Rulers being held (yours and others', from presence): a straight line from the start through
 * the waypoints to the end (what range counts), the move path as a thin dotted trail, dots on
 * the waypoints, and a label at the end in the owner's colour. Reads what it is given, nothing more.
 */
export class RulerLayer {
  readonly container = new Container({ label: 'rulers' });
  private readonly lines = new Graphics();
  private readonly labels = new Container();
  private zoom = 1;
  /** The visible world rectangle: labels stay inside it. */
  private visible: { x: number; y: number; width: number; height: number } | undefined;
  private views: readonly RulerView[] = [];

  constructor(private readonly cellPx: number) {
    this.container.eventMode = 'none';
    this.container.addChild(this.lines, this.labels);
  }

  setRulers(views: readonly RulerView[]): void {
    this.views = views;
    this.draw();
  }

  /** Rulers are shown and drawn for another zoom than `zoom`. */
  needsZoom(zoom: number): boolean {
    return this.views.length > 0 && Math.abs(zoom - this.zoom) > 1e-3;
  }

  /** Labels and line widths keep their screen size as the camera zooms, and labels stay on screen. */
  setView(zoom: number, visible: { x: number; y: number; width: number; height: number }): void {
    this.zoom = zoom;
    this.visible = visible;
    if (this.views.length) this.draw();
  }

  private draw(): void {
    const g = this.lines.clear();
    for (const child of this.labels.removeChildren()) child.destroy();
    const px = this.cellPx;
    const s = 1 / Math.max(0.25, Math.min(2, this.zoom));
    const centre = (c: { x: number; y: number }, size = 1) => ({
      x: (c.x + size / 2) * px,
      y: (c.y + size / 2) * px,
    });
    for (const v of this.views) {
      const size = v.start.size;
      if (v.movePath?.length) {
        const trail = [centre(v.start, size), ...v.movePath.map((c) => centre(c, size))];
        for (const p of trail) g.circle(p.x, p.y, 4 * s);
        g.fill({ color: v.colour }).stroke({ width: 1.5 * s, color: 0x1b1c20 });
      }
      const pts = [centre(v.start, size), ...v.waypoints.map((w) => centre(w)), centre(v.end)];
      g.moveTo(pts[0]!.x, pts[0]!.y);
      for (const p of pts.slice(1)) g.lineTo(p.x, p.y);
      g.stroke({ width: 6 * s, color: 0x000000, alpha: 0.45, cap: 'round', join: 'round' });
      g.moveTo(pts[0]!.x, pts[0]!.y);
      for (const p of pts.slice(1)) g.lineTo(p.x, p.y);
      g.stroke({ width: 3 * s, color: v.colour, cap: 'round', join: 'round' });
      g.rect(v.start.x * px, v.start.y * px, size * px, size * px).stroke({ width: 2 * s, color: v.colour });
      for (const w of v.waypoints) {
        const p = centre(w);
        g.circle(p.x, p.y, 6 * s)
          .fill(v.colour)
          .stroke({ width: 1.5 * s, color: 0xffffff });
      }
      const end = pts[pts.length - 1]!;
      g.circle(end.x, end.y, 5 * s)
        .fill(0xffffff)
        .stroke({ width: 2 * s, color: v.colour });
      this.labels.addChild(this.label(v, end, s));
    }
  }

  private label(v: RulerView, at: { x: number; y: number }, s: number): Container {
    const box = new Container();
    const text = new Text({
      text: [...(v.owner ? [`${v.owner}'s ruler`] : []), ...v.lines].join('\n'),
      style: {
        fontFamily: 'Arial',
        fontSize: LABEL_PX,
        fill: 0xffffff,
        lineHeight: LABEL_PX * 1.3,
        wordWrap: true,
        wordWrapWidth: LABEL_MAX_PX,
      },
      resolution: 2,
    });
    const pad = 6;
    const bg = new Graphics()
      .roundRect(0, 0, text.width + 2 * pad, text.height + 2 * pad, 5)
      .fill({ color: 0x1b1c20, alpha: 0.88 })
      .stroke({ width: 2, color: v.colour });
    text.position.set(pad, pad);
    box.addChild(bg, text);
    box.scale.set(s);
    // Beside the end, not on it (the square being measured to stays visible), and on screen: to
    // the left or above the end when the right or bottom edge of the view is near.
    const w = bg.width * s;
    const h = bg.height * s;
    // Someone else's ruler ends under their cursor, whose name tag sits just below and right of
    // the pointer: start the label a few pixels under the tag so the tag covers none of it. The
    // tag is drawn in world units (it grows with the zoom); this label keeps its screen size (s).
    let x = at.x + 12 * s;
    let y = at.y + (v.owner ? CURSOR_TAG_BOTTOM_PX + 6 * s : 12 * s);
    const view = this.visible;
    if (view) {
      if (x + w > view.x + view.width) x = Math.max(view.x, at.x - 12 * s - w);
      if (y + h > view.y + view.height) y = Math.max(view.y, at.y - 12 * s - h);
    }
    box.position.set(x, y);
    return box;
  }
}
