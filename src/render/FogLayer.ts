import { Container, Graphics } from 'pixi.js';
import { squareRuns } from './squareRuns';

/**
 * Fog over the battlefield: the squares someone cannot see, darkened (the GM's preview of a
 * character's sight, docs/ui/vision.md). One fill of rectangles merged along each row.
 */
export class FogLayer {
  readonly container = new Container({ label: 'fog' });
  private readonly fog = new Graphics({ label: 'fog squares' });

  constructor(private readonly cellPx: number) {
    this.container.eventMode = 'none';
    this.container.addChild(this.fog);
  }

  /**
   * Darkens every square where `seen` is 0 (null: no fog). With `explored` (a player's fog of
   * war): squares explored before are dimmed, squares never seen nearly black.
   */
  set(seen: Uint8Array | null, width: number, height: number, explored?: Uint8Array | null): void {
    const g = this.fog.clear();
    if (!seen) return;
    const px = this.cellPx;
    // 1: dimmed (seen before, or the GM's preview), 2: never seen.
    const shade = (k: number) => (seen[k] ? -1 : !explored || explored[k] ? 1 : 2);
    for (const [level, list] of squareRuns(width, height, shade)) {
      for (let i = 0; i < list.length; i += 3)
        g.rect(list[i]! * px, list[i + 1]! * px, list[i + 2]! * px, px);
      g.fill({ color: 0x05070c, alpha: level === 1 ? 0.62 : 0.92 });
    }
  }
}
