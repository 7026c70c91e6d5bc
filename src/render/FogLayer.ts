import { Container, Graphics } from 'pixi.js';

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
    const shade = (k: number) => (seen[k] ? 0 : !explored || explored[k] ? 1 : 2);
    for (const level of [1, 2]) {
      for (let y = 0; y < height; y++) {
        let start = -1;
        for (let x = 0; x <= width; x++) {
          const on = x < width && shade(y * width + x) === level;
          if (on && start < 0) start = x;
          if (!on && start >= 0) {
            g.rect(start * px, y * px, (x - start) * px, px);
            start = -1;
          }
        }
      }
      g.fill({ color: 0x05070c, alpha: level === 1 ? 0.62 : 0.92 });
    }
  }
}
