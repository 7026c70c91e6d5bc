import { CanvasSource, Container, Sprite, Texture } from 'pixi.js';

/**
 * The threat overlay on the battlefield: one sprite of a canvas the UI painted (a few thousand
 * numbered squares as one texture instead of thousands of display objects), scaled to the grid.
 */
export class ThreatLayer {
  readonly container = new Container({ label: 'threat' });
  private sprite: Sprite | null = null;

  constructor(private readonly cellPx: number) {
    this.container.eventMode = 'none';
  }

  /** Shows `canvas` painted at `px` pixels a square, or nothing. */
  set(canvas: HTMLCanvasElement | null, px = this.cellPx): void {
    if (this.sprite) {
      this.container.removeChild(this.sprite);
      this.sprite.destroy({ texture: true, textureSource: true });
      this.sprite = null;
    }
    if (!canvas) return;
    const texture = new Texture({ source: new CanvasSource({ resource: canvas }) });
    this.sprite = new Sprite(texture);
    this.sprite.scale.set(this.cellPx / px);
    this.container.addChild(this.sprite);
  }
}
