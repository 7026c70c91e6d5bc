import { BitmapText, Container, Graphics } from 'pixi.js';

/** One square the selected token can reach, with the cheapest movement cost to get there. */
export interface ReachCell {
  readonly x: number;
  readonly y: number;
  readonly cost: number;
}

/** The path under the pointer: squares in order (top-left of footprint), its cost, and validity. */
export interface PathPreview {
  readonly cells: readonly { x: number; y: number }[];
  readonly cost: number | undefined;
  readonly ok: boolean;
  /** Footprint size of the moving token, so the destination outline covers it. */
  readonly size: number;
  readonly label?: string;
}

/** Movement reach of the selected token (cost printed in each square) and the pointer's path. */
export class ReachOverlay {
  readonly container = new Container({ label: 'reach' });
  private readonly area = new Container();
  private readonly path = new Graphics();
  private readonly brush = new Graphics();
  private readonly pathLabel = new BitmapText({
    text: '',
    style: {
      fontFamily: 'Arial',
      fontSize: 18,
      fontWeight: 'bold',
      fill: 0xffffff,
      stroke: { color: 0x000000, width: 4 },
    },
  });

  constructor(private readonly cellPx: number) {
    this.container.addChild(this.area, this.brush, this.path, this.pathLabel);
    this.container.eventMode = 'none';
  }

  setReach(cells: readonly ReachCell[] | undefined): void {
    for (const child of this.area.removeChildren()) child.destroy();
    if (!cells || cells.length === 0) return;
    const px = this.cellPx;
    const g = new Graphics();
    for (const c of cells) g.rect(c.x * px + 2, c.y * px + 2, px - 4, px - 4);
    g.fill({ color: 0x38d39f, alpha: 0.28 });
    for (const c of cells) g.rect(c.x * px + 2, c.y * px + 2, px - 4, px - 4);
    g.stroke({ width: 1.5, color: 0x0f7a55, alpha: 0.7 });
    this.area.addChild(g);
    for (const c of cells) {
      const t = new BitmapText({
        text: String(c.cost),
        style: { fontFamily: 'Arial', fontSize: Math.round(px * 0.3), fill: 0x08382a },
      });
      t.anchor.set(1, 1);
      t.position.set(c.x * px + px - 4, c.y * px + px - 2);
      this.area.addChild(t);
    }
  }

  /** Cells an editor tool is about to paint (brush stroke, rectangle). */
  setBrush(cells: readonly { x: number; y: number }[] | undefined): void {
    this.brush.clear();
    if (!cells || cells.length === 0) return;
    const px = this.cellPx;
    for (const c of cells) this.brush.rect(c.x * px, c.y * px, px, px);
    this.brush.fill({ color: 0xffd23f, alpha: 0.35 });
  }

  setPath(preview: PathPreview | undefined): void {
    this.path.clear();
    this.pathLabel.text = '';
    if (!preview || preview.cells.length === 0) return;
    const px = this.cellPx;
    const half = (preview.size * px) / 2;
    const colour = preview.ok ? 0xffd23f : 0xff4040;
    preview.cells.forEach((c, i) => {
      const x = c.x * px + half;
      const y = c.y * px + half;
      if (i === 0) this.path.moveTo(x, y);
      else this.path.lineTo(x, y);
    });
    this.path.stroke({ width: 5, color: colour, alpha: 0.9, cap: 'round', join: 'round' });
    const last = preview.cells[preview.cells.length - 1];
    if (!last) return;
    this.path
      .rect(last.x * px + 2, last.y * px + 2, preview.size * px - 4, preview.size * px - 4)
      .stroke({ width: 3, color: colour });
    this.pathLabel.text = preview.label ?? (preview.cost === undefined ? '✕' : String(preview.cost));
    this.pathLabel.position.set(last.x * px + 4, last.y * px - 22);
  }
}
