import { Container, Graphics, Text } from 'pixi.js';
import type { Drawing, DrawingPoint, DrawingShape } from '../schema/drawing';

/** Stroke width in world pixels (a square is 64): thick enough to read at a phone's fit zoom. */
const STROKE_PX = 4;
/** The dark halo under every stroke, so a colour reads on pale ground and dark walls alike. */
const HALO_PX = STROKE_PX + 3;
const HALO_COLOUR = 0x15161a;
/** GM-layer strokes are dashed (world pixels): the GM tells at a glance what players do not see. */
const DASH_PX = 14;
const GAP_PX = 9;
/** Text notes: world pixels, with the same dark halo. */
const TEXT_PX = 20;

/** What the layer drew, per drawing (read by browser tests through `window.__iconVttDrawings`). */
export interface DrawnDrawing {
  readonly id: string;
  readonly kind: DrawingShape['kind'];
  readonly layer: Drawing['layer'];
  readonly author: string;
  readonly color: string;
  readonly dashed: boolean;
}

/**
 * Drawings and notes on the map (issue 15), above the terrain and below tokens (see
 * BattlefieldRenderer for why). Drawings never change once stored (they are only added and
 * erased), so each is drawn once into its own child, keyed by id: a new drawing adds one child,
 * an erased one drops one, and panning or zooming redraws nothing.
 */
export class DrawingLayer {
  readonly container = new Container();
  private readonly drawn = new Map<string, { view: Container; record: DrawnDrawing }>();
  private readonly shapes = new Container();
  /**
   * The shape being drawn now (its lines; a note's text beside them: PixiJS lets only plain
   * Containers hold children), and the keyboard's cursor (this page only).
   */
  private readonly preview = new Container();
  private readonly previewLines = new Graphics();
  private readonly cursor = new Graphics();
  private markGm = false;

  constructor(private readonly cellPx: number) {
    this.container.addChild(this.shapes, this.preview, this.cursor);
    this.preview.addChild(this.previewLines);
    this.container.eventMode = 'none';
  }

  /**
   * The drawings to show, oldest first. `markGm`: this viewer is the GM, so GM-layer drawings are
   * dashed (players never receive them). Returns whether anything changed (the caller redraws).
   */
  setDrawings(list: readonly Drawing[], markGm: boolean): boolean {
    let changed = markGm !== this.markGm;
    if (changed) this.clear();
    this.markGm = markGm;
    const keep = new Set(list.map((d) => d.id));
    for (const [id, { view }] of this.drawn) {
      if (keep.has(id)) continue;
      view.destroy({ children: true });
      this.drawn.delete(id);
      changed = true;
    }
    list.forEach((drawing, index) => {
      let entry = this.drawn.get(drawing.id);
      if (!entry) {
        const dashed = markGm && drawing.layer === 'gm';
        entry = {
          view: this.drawShape(drawing.shape, drawing.color, dashed),
          record: {
            id: drawing.id,
            kind: drawing.shape.kind,
            layer: drawing.layer,
            author: drawing.author.name,
            color: drawing.color,
            dashed,
          },
        };
        this.drawn.set(drawing.id, entry);
        changed = true;
      }
      // Oldest below, newest on top, whatever order they arrived in.
      if (this.shapes.children[index] !== entry.view) {
        this.shapes.addChildAt(entry.view, Math.min(index, this.shapes.children.length));
        changed = true;
      }
    });
    return changed;
  }

  /** The shape in progress (null: none), in its author's colour. */
  setPreview(shape: DrawingShape | null, color: string, dashed: boolean): void {
    this.previewLines.clear();
    // A note's text (the lines' Graphics, child 0, stays).
    while (this.preview.children.length > 1) this.preview.removeChildAt(1).destroy();
    if (!shape) return;
    this.paint(this.preview, this.previewLines, shape, color, dashed);
  }

  /** The keyboard's drawing cursor (a small cross), in squares; null hides it. */
  setCursor(at: DrawingPoint | null, color: string): void {
    this.cursor.clear();
    if (!at) return;
    const [x, y] = this.px(at);
    const r = this.cellPx * 0.22;
    this.cursor
      .circle(x, y, r)
      .stroke({ width: HALO_PX, color: HALO_COLOUR, alpha: 0.6 })
      .circle(x, y, r)
      .stroke({ width: 2, color: hex(color) })
      .moveTo(x - r * 1.6, y)
      .lineTo(x + r * 1.6, y)
      .moveTo(x, y - r * 1.6)
      .lineTo(x, y + r * 1.6)
      .stroke({ width: 2, color: hex(color) });
  }

  list(): DrawnDrawing[] {
    return [...this.drawn.values()].map((d) => ({ ...d.record }));
  }

  private clear(): void {
    for (const { view } of this.drawn.values()) view.destroy({ children: true });
    this.drawn.clear();
  }

  private drawShape(shape: DrawingShape, color: string, dashed: boolean): Container {
    const view = new Container();
    const g = new Graphics();
    view.addChild(g);
    this.paint(view, g, shape, color, dashed);
    return view;
  }

  private px([x, y]: DrawingPoint): [number, number] {
    return [x * this.cellPx, y * this.cellPx];
  }

  /** Lines into `g`; a note's text into `view`, beside them. */
  private paint(view: Container, g: Graphics, shape: DrawingShape, color: string, dashed: boolean): void {
    if (shape.kind === 'text') {
      const [x, y] = this.px(shape.at);
      const text = new Text({
        text: shape.text,
        style: {
          fontFamily: 'system-ui, sans-serif',
          fontSize: TEXT_PX,
          fontWeight: '600',
          fill: hex(color),
          stroke: { color: HALO_COLOUR, width: 4 },
        },
      });
      text.anchor.set(0, 0.5);
      text.position.set(x, y);
      view.addChild(text);
      // A GM-layer note is underlined with dashes.
      if (dashed)
        this.stroke(
          g,
          [
            [x, y + TEXT_PX * 0.75],
            [x + text.width, y + TEXT_PX * 0.75],
          ],
          color,
          true,
        );
      return;
    }
    this.stroke(
      g,
      outline(shape).map((p) => this.px(p)),
      color,
      dashed,
    );
  }

  /** A polyline: a dark halo, then the colour; dashed for the GM's layer. */
  private stroke(g: Graphics, points: readonly [number, number][], color: string, dashed: boolean): void {
    const runs = dashed ? dashRuns(points, DASH_PX, GAP_PX) : [points];
    // A click with the pen leaves a dot, not a zero-length (invisible) line.
    const dot = points.every((p) => p[0] === points[0]![0] && p[1] === points[0]![1]);
    for (const [width, c, alpha] of [
      [HALO_PX, HALO_COLOUR, 0.55],
      [STROKE_PX, hex(color), 1],
    ] as const) {
      if (dot) {
        g.circle(points[0]![0], points[0]![1], width / 2 + 1).fill({ color: c, alpha });
        continue;
      }
      for (const run of runs) {
        if (run.length < 2) continue;
        g.moveTo(run[0]![0], run[0]![1]);
        for (let i = 1; i < run.length; i++) g.lineTo(run[i]![0], run[i]![1]);
      }
      g.stroke({ width, color: c, alpha, cap: 'round', join: 'round' });
    }
  }
}

/** A shape's outline as a polyline in squares (circles as 48-gons); text has none. */
export function outline(shape: Exclude<DrawingShape, { kind: 'text' }>): DrawingPoint[] {
  switch (shape.kind) {
    case 'free':
      return shape.points;
    case 'line':
      return [shape.from, shape.to];
    case 'rect': {
      const [x0, y0] = shape.from;
      const [x1, y1] = shape.to;
      return [
        [x0, y0],
        [x1, y0],
        [x1, y1],
        [x0, y1],
        [x0, y0],
      ];
    }
    case 'circle': {
      const [cx, cy] = shape.center;
      return Array.from({ length: 49 }, (_, i) => {
        const a = (i / 48) * Math.PI * 2;
        return [cx + Math.cos(a) * shape.radius, cy + Math.sin(a) * shape.radius] as DrawingPoint;
      });
    }
  }
}

/** A polyline cut into dashes of `dash` with `gap` between, along its whole length. */
export function dashRuns(
  points: readonly [number, number][],
  dash: number,
  gap: number,
): [number, number][][] {
  const runs: [number, number][][] = [];
  let run: [number, number][] = [];
  let on = true;
  let left = dash;
  for (let i = 1; i < points.length; i++) {
    let [ax, ay] = points[i - 1]!;
    const [bx, by] = points[i]!;
    let length = Math.hypot(bx - ax, by - ay);
    if (on && run.length === 0) run.push([ax, ay]);
    while (length > left) {
      const t = left / length;
      ax += (bx - ax) * t;
      ay += (by - ay) * t;
      length -= left;
      if (on) {
        run.push([ax, ay]);
        runs.push(run);
        run = [];
      } else run = [[ax, ay]];
      on = !on;
      left = on ? dash : gap;
    }
    left -= length;
    if (on) run.push([bx, by]);
  }
  if (on && run.length >= 2) runs.push(run);
  return runs;
}

const hex = (color: string): number => Number.parseInt(color.slice(1), 16);
