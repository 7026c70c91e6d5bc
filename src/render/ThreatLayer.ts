import { CanvasSource, Container, Graphics, Sprite, Texture } from 'pixi.js';
import { squareRuns } from './squareRuns';

/** What the threat overlay paints: counts per square, or the danger heat map. Plain data. */
export interface ThreatPictureData {
  readonly width: number;
  readonly height: number;
  /** Attackers threatening each square (by an attack or inside an area). */
  readonly count: Uint8Array;
  /** Attackers that can make each square the target of their roll. */
  readonly attackCount: Uint8Array;
  /** Danger mode: expected damage per square (-1 where the character cannot stand). */
  readonly danger: Float64Array | null;
  readonly safest: readonly { readonly x: number; readonly y: number }[];
}

/** Threat: red, deeper with more attackers (1…5+); orange: inside an area only. */
const ATTACK_ALPHA = [0, 0.3, 0.4, 0.5, 0.6, 0.7];
const AREA = { color: 0xf97316, alpha: 0.3 };
/** Danger heat in ten steps from pale yellow to deep red. */
const HEAT_STEPS = 10;
function heatColour(step: number): number {
  const share = step / (HEAT_STEPS - 1);
  const r = 0xff;
  const g = Math.round(0xe0 - 0xc0 * share);
  const b = Math.round(0x60 - 0x50 * share);
  return (r << 16) | (g << 8) | b;
}

/**
 * The threat overlay on the battlefield: coloured rectangles only where something threatens
 * (runs of equal squares in a row merged, one fill per colour) and a small label sprite per
 * square. A full-map picture would make the GPU (on a machine without one, the CPU) blend every
 * pixel of the map each frame; this touches only the threatened squares.
 */
export class ThreatLayer {
  readonly container = new Container({ label: 'threat' });
  private readonly fills = new Graphics({ label: 'threat squares' });
  private readonly labels = new Container({ label: 'threat labels' });
  private readonly rings = new Graphics({ label: 'safest' });
  /** The square being inspected: a bright outline (a tap on a phone leaves no pointer to follow). */
  private readonly marked = new Graphics({ label: 'inspected' });
  /** One small texture per distinct label ("2", "4.1", "★"), kept for the page's life. */
  private readonly textures = new Map<string, Texture>();

  constructor(private readonly cellPx: number) {
    this.container.eventMode = 'none';
    this.container.addChild(this.fills, this.rings, this.labels, this.marked);
  }

  mark(square: { x: number; y: number } | null): void {
    const g = this.marked.clear();
    if (!square) return;
    const px = this.cellPx;
    g.rect(square.x * px + 2, square.y * px + 2, px - 4, px - 4).stroke({ width: 4, color: 0xffd23f });
  }

  /** Shows `d` (or nothing) at once. */
  set(d: ThreatPictureData | null): void {
    const steps = this.draw(d);
    while (!steps.next().done);
  }

  /**
   * Shows `d` in steps: the coloured squares first, then the labels LABELS_PER_STEP at a time, so
   * a page can yield between steps (thousands of labels on a large map).
   */
  *draw(d: ThreatPictureData | null): Generator<void, void> {
    this.fills.clear();
    this.rings.clear();
    for (const child of this.labels.removeChildren()) child.destroy();
    if (!d) return;
    const px = this.cellPx;
    // One rectangle per run of equal squares in a row, one fill per colour.
    const runs = squareRuns(d.width, d.height, (k) => keyOf(d, k));
    for (const [key, list] of runs) {
      for (let i = 0; i < list.length; i += 3)
        this.fills.rect(list[i]! * px + 1, list[i + 1]! * px + 1, list[i + 2]! * px - 2, px - 2);
      this.fills.fill(fillOf(key));
    }
    let made = 0;
    for (let k = 0; k < d.count.length; k++) {
      const text = labelOf(d, k);
      if (text === null) continue;
      if (++made % LABELS_PER_STEP === 0) yield;
      const x = k % d.width;
      const y = (k - x) / d.width;
      const label = new Sprite(this.texture(text));
      label.anchor.set(1, 1);
      label.scale.set((px * 0.34) / LABEL_PX);
      label.position.set((x + 1) * px - px * 0.06, (y + 1) * px - px * 0.02);
      this.labels.addChild(label);
    }
    for (const c of d.safest) {
      this.rings.rect(c.x * px + px * 0.1, c.y * px + px * 0.1, px * 0.8, px * 0.8);
      const star = new Sprite(this.texture('★', 0x16a34a));
      star.anchor.set(0, 0);
      star.scale.set((px * 0.34) / LABEL_PX);
      star.position.set(c.x * px + px * 0.14, c.y * px + px * 0.1);
      this.labels.addChild(star);
    }
    if (d.safest.length) this.rings.stroke({ width: Math.max(3, px * 0.07), color: 0x16a34a });
  }

  private texture(text: string, colour = 0xffffff): Texture {
    const key = `${colour}:${text}`;
    let t = this.textures.get(key);
    if (!t) {
      const canvas = document.createElement('canvas');
      const ctx = canvas.getContext('2d')!;
      const font = `bold ${LABEL_PX}px system-ui, sans-serif`;
      ctx.font = font;
      canvas.width = Math.ceil(ctx.measureText(text).width) + 8;
      canvas.height = LABEL_PX + 8;
      ctx.font = font;
      ctx.textBaseline = 'middle';
      ctx.lineJoin = 'round';
      ctx.lineWidth = 5;
      ctx.strokeStyle = 'rgba(0,0,0,0.85)';
      ctx.strokeText(text, 4, canvas.height / 2);
      ctx.fillStyle = `#${colour.toString(16).padStart(6, '0')}`;
      ctx.fillText(text, 4, canvas.height / 2);
      t = new Texture({ source: new CanvasSource({ resource: canvas }) });
      this.textures.set(key, t);
    }
    return t;
  }
}

/** Labels made between two pauses of `draw`. */
const LABELS_PER_STEP = 500;

/** Label textures are drawn at this font size and scaled to a third of a square. */
const LABEL_PX = 28;

/** Colour key of square k: 1–5 attackers that can target it, 6 inside an area only, 10+ a danger heat step; -1 nothing. */
function keyOf(d: ThreatPictureData, k: number): number {
  if (d.danger) {
    const v = d.danger[k]!;
    if (v <= 0) return -1;
    return 10 + Math.min(HEAT_STEPS - 1, Math.floor((v / maxOf(d)) * HEAT_STEPS));
  }
  if (d.attackCount[k]! > 0) return Math.min(5, d.attackCount[k]!);
  return d.count[k]! > 0 ? 6 : -1;
}

function fillOf(key: number): { color: number; alpha: number } {
  if (key >= 10) return { color: heatColour(key - 10), alpha: 0.55 };
  if (key === 6) return AREA;
  return { color: 0xdc2626, alpha: ATTACK_ALPHA[key]! };
}

function labelOf(d: ThreatPictureData, k: number): string | null {
  if (d.danger) {
    const v = d.danger[k]!;
    return v > 0 ? (v >= 9.95 ? String(Math.round(v)) : v.toFixed(1)) : null;
  }
  const n = d.count[k]!;
  return n > 0 ? String(n) : null;
}

/** The largest danger on the map, cached per array (every square's colour needs it). */
const maxima = new WeakMap<Float64Array, number>();
function maxOf(d: ThreatPictureData): number {
  const danger = d.danger!;
  let m = maxima.get(danger);
  if (m === undefined) {
    m = 0;
    for (const v of danger) if (v > m) m = v;
    maxima.set(danger, m);
  }
  return m || 1;
}
