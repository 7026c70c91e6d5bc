import type { Drawing, DrawingPoint, DrawingShape } from '../../schema/drawing';
import { outline } from '../../render/DrawingLayer';
import type { DrawTool } from './drawState';
import { distanceToSegment, simplifyStroke } from './simplifyStroke';

/** Shorter than this (squares) a line, rectangle or circle is a slip, not a drawing. */
const MIN_EXTENT = 0.1;
/** How close (squares) the eraser must come to a stroke. */
const ERASE_REACH = 0.35;

/**
 * The shape a gesture made, in squares: the pen's points (simplified), or the first and last
 * point for a line, a rectangle (opposite corners) and a circle (centre, then a point on its
 * edge). Null when it is too small to mean anything. Pure.
 */
export function shapeOf(
  tool: Exclude<DrawTool, 'text' | 'eraser'>,
  points: readonly DrawingPoint[],
): DrawingShape | null {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return null;
  const r2 = (v: number) => Math.round(v * 100) / 100;
  const at = (p: DrawingPoint): DrawingPoint => [r2(p[0]), r2(p[1])];
  const extent = Math.hypot(last[0] - first[0], last[1] - first[1]);
  switch (tool) {
    case 'free':
      return { kind: 'free', points: simplifyStroke(points) };
    case 'line':
      return extent < MIN_EXTENT ? null : { kind: 'line', from: at(first), to: at(last) };
    case 'rect':
      return Math.abs(last[0] - first[0]) < MIN_EXTENT || Math.abs(last[1] - first[1]) < MIN_EXTENT
        ? null
        : { kind: 'rect', from: at(first), to: at(last) };
    case 'circle':
      return extent < MIN_EXTENT ? null : { kind: 'circle', center: at(first), radius: r2(extent) };
  }
}

/** Text notes' rough box in squares per character and height (the layer draws 20 px on 64 px squares). */
const TEXT_CHAR_WIDTH = 0.19;
const TEXT_HALF_HEIGHT = 0.25;

/**
 * The newest drawing under `p` that `mayErase` allows (a player: their own; the GM: any), or
 * undefined. Strokes count near their line (not inside a rectangle or circle), notes inside
 * their box. Pure.
 */
export function drawingAt(
  drawings: readonly Drawing[],
  p: DrawingPoint,
  mayErase: (d: Drawing) => boolean,
): Drawing | undefined {
  for (let i = drawings.length - 1; i >= 0; i--) {
    const d = drawings[i]!;
    if (!mayErase(d)) continue;
    if (d.shape.kind === 'text') {
      const [x, y] = d.shape.at;
      const width = d.shape.text.length * TEXT_CHAR_WIDTH;
      if (p[0] >= x - 0.1 && p[0] <= x + width && Math.abs(p[1] - y) <= TEXT_HALF_HEIGHT) return d;
      continue;
    }
    const line = outline(d.shape);
    const near =
      line.length === 1
        ? Math.hypot(p[0] - line[0]![0], p[1] - line[0]![1]) <= ERASE_REACH
        : line.some((a, j) => j > 0 && distanceToSegment(p, line[j - 1]!, a) <= ERASE_REACH);
    if (near) return d;
  }
  return undefined;
}
