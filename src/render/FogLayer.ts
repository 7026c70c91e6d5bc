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

  /** Darkens every square where `seen` is 0 (null: no fog). */
  set(seen: Uint8Array | null, width: number, height: number): void {
    const g = this.fog.clear();
    if (!seen) return;
    const px = this.cellPx;
    for (let y = 0; y < height; y++) {
      let start = -1;
      for (let x = 0; x <= width; x++) {
        const dark = x < width && seen[y * width + x] === 0;
        if (dark && start < 0) start = x;
        if (!dark && start >= 0) {
          g.rect(start * px, y * px, (x - start) * px, px);
          start = -1;
        }
      }
    }
    g.fill({ color: 0x05070c, alpha: 0.62 });
  }
}
