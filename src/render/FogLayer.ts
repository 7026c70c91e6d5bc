import { Container, Graphics } from 'pixi.js';
import { squareRuns } from './squareRuns';

/** How dark each kind of unseen square is drawn (0–1). */
export interface FogShades {
  /** Seen before (explored), or simply unseen when nothing says what was explored. */
  readonly dimmed: number;
  /** Never seen. */
  readonly dark: number;
}

/** A player's fog: explored terrain still readable, the rest nearly black. */
export const PLAYER_FOG: FogShades = { dimmed: 0.62, dark: 0.92 };

/**
 * Fog over the battlefield: the squares someone cannot see, darkened (the GM's preview of a
 * character's sight and a player's fog of war, docs/ui/vision.md). One fill of rectangles merged
 * along each row; the GM's fog brush outlines the squares under the pointer on top.
 */
export class FogLayer {
  readonly container = new Container({ label: 'fog' });
  private readonly fog = new Graphics({ label: 'fog squares' });
  private readonly brush = new Graphics({ label: 'fog brush' });
  /** What was drawn last, per square: 0 seen, 1 dimmed, 2 dark (for tests, `shadeRows`). */
  private drawn: { shade: Uint8Array; width: number } | null = null;

  constructor(
    private readonly cellPx: number,
    private readonly shades: FogShades = PLAYER_FOG,
  ) {
    this.container.eventMode = 'none';
    this.container.addChild(this.fog, this.brush);
  }

  /**
   * Darkens every square where `seen` is 0 (null: no fog). With `explored` (fog of war): squares
   * explored before are dimmed, squares never seen dark.
   */
  set(seen: Uint8Array | null, width: number, height: number, explored?: Uint8Array | null): void {
    const g = this.fog.clear();
    this.drawn = null;
    if (!seen) return;
    const px = this.cellPx;
    const shade = new Uint8Array(width * height);
    for (let k = 0; k < shade.length; k++) shade[k] = seen[k] ? 0 : !explored || explored[k] ? 1 : 2;
    this.drawn = { shade, width };
    for (const [level, list] of squareRuns(width, height, (k) => shade[k]! - 1)) {
      for (let i = 0; i < list.length; i += 3)
        g.rect(list[i]! * px, list[i + 1]! * px, list[i + 2]! * px, px);
      g.fill({ color: 0x05070c, alpha: level === 0 ? this.shades.dimmed : this.shades.dark });
    }
  }

  /** Outlines the GM's fog brush: `width` × `height` squares from (`x`, `y`) (null: none). */
  setBrush(area: { x: number; y: number; width: number; height: number } | null, colour = 0xffffff): void {
    const g = this.brush.clear();
    if (!area) return;
    const px = this.cellPx;
    g.rect(area.x * px + 1.5, area.y * px + 1.5, area.width * px - 3, area.height * px - 3);
    g.stroke({ color: colour, width: 3, alpha: 0.95 });
  }

  /** What is drawn as rows: `o` seen, `-` dimmed, `#` dark; null without fog. */
  shadeRows(): string[] | null {
    const d = this.drawn;
    if (!d) return null;
    const rows: string[] = [];
    for (let k = 0; k < d.shade.length; k += d.width)
      rows.push(Array.from(d.shade.subarray(k, k + d.width), (s) => 'o-#'[s]!).join(''));
    return rows;
  }
}
