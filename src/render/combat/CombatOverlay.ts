import { BitmapText, Container, Graphics } from 'pixi.js';

/** A square in grid coordinates. */
export interface OverlayCell {
  readonly x: number;
  readonly y: number;
}

/** A character footprint to outline (north-west square and Size). */
export interface OverlayFootprint {
  readonly cell: OverlayCell;
  readonly size: number;
}

/** Everything the combat overlay draws; each part optional. Plain data, read only. */
export interface CombatOverlayState {
  /** Squares in range of the chosen attack. */
  readonly range?: readonly OverlayCell[];
  /** Possible targets: legal ones green, out-of-range/sight ones red; `selected` drawn thicker. */
  readonly targets?: readonly (OverlayFootprint & { readonly legal: boolean; readonly selected?: boolean })[];
  /** Area template ghost. */
  readonly area?: {
    readonly squares: readonly OverlayCell[];
    readonly legal: boolean;
    readonly attackSpace: OverlayCell | null;
    readonly affected: readonly OverlayFootprint[];
    /** Arc squares already clicked (drawn solid). */
    readonly placed?: readonly OverlayCell[];
  };
  /** Forced-movement preview: the path and a ghost of the target on its end square. */
  readonly forced?: readonly { readonly path: readonly OverlayCell[]; readonly ghost: OverlayFootprint }[];
  /** The character whose turn it is: a ring and what it has left ("2 actions · move 4"). */
  readonly acting?: OverlayFootprint & { readonly label: string };
  /** Line-of-sight tool: the line in square units (3.5 = middle of column 3). */
  readonly sight?: {
    readonly from: { readonly x: number; readonly y: number };
    readonly to: { readonly x: number; readonly y: number };
    readonly visible: boolean;
    readonly cover: boolean;
    readonly blockers: readonly OverlayCell[];
    readonly coverCells: readonly OverlayCell[];
    readonly ends: readonly OverlayFootprint[];
  };
}

const COLOURS = {
  range: 0x4aa3ff,
  legal: 0x38d39f,
  illegal: 0xff4d4d,
  area: 0xff9f1c,
  attackSpace: 0xff6b35,
  affected: 0xffd23f,
  clear: 0x38d39f,
  cover: 0xffd23f,
  blocked: 0xff4d4d,
  forced: 0xc77dff,
} as const;

/**
 * Targeting, area templates and the line-of-sight tool, drawn above tokens (PixiJS v8 Graphics:
 * shapes are queued, then `fill`/`stroke` paints them). Reads plain data only; the UI decides
 * what to show. Each part has its own Graphics so one changing leaves the others alone.
 */
export class CombatOverlay {
  readonly container = new Container({ label: 'combat' });
  private readonly rangeG = new Graphics({ label: 'range' });
  private readonly areaG = new Graphics({ label: 'area' });
  private readonly targetsG = new Graphics({ label: 'targets' });
  private readonly sightG = new Graphics({ label: 'sight' });
  private readonly actingG = new Graphics({ label: 'acting' });
  private readonly forcedG = new Graphics({ label: 'forced' });
  private readonly actingLabel = new BitmapText({
    text: '',
    style: {
      fontFamily: 'Arial',
      fontSize: 14,
      fontWeight: 'bold',
      fill: 0xffd23f,
      stroke: { color: 0x000000, width: 4 },
    },
  });
  /** The last state drawn (read by tests through the UI's debug hook). */
  state: CombatOverlayState = {};

  constructor(private readonly cellPx: number) {
    this.container.addChild(
      this.actingG,
      this.actingLabel,
      this.rangeG,
      this.areaG,
      this.targetsG,
      this.forcedG,
      this.sightG,
    );
    this.container.eventMode = 'none';
  }

  set(state: CombatOverlayState): void {
    this.state = state;
    this.drawRange(state.range);
    this.drawTargets(state.targets);
    this.drawArea(state.area);
    this.drawSight(state.sight);
    this.drawActing(state.acting);
    this.drawForced(state.forced);
  }

  /** A line of dots along the path and a ghost of the token on its end square. */
  private drawForced(list: CombatOverlayState['forced']): void {
    const g = this.forcedG.clear();
    const px = this.cellPx;
    for (const f of list ?? []) {
      for (const c of f.path) g.circle((c.x + 0.5) * px, (c.y + 0.5) * px, px / 8);
      g.fill({ color: COLOURS.forced, alpha: 0.9 });
      this.outline(g, f.ghost, 4).fill({ color: COLOURS.forced, alpha: 0.25 });
      this.outline(g, f.ghost, 4).stroke({ width: 3, color: COLOURS.forced, alpha: 0.95 });
    }
  }

  private drawActing(acting: CombatOverlayState['acting']): void {
    const g = this.actingG.clear();
    this.actingLabel.text = '';
    if (!acting) return;
    this.outline(g, acting, -3).stroke({ width: 3, color: 0xffd23f, alpha: 0.9 });
    this.actingLabel.text = acting.label;
    // Above the footprint: the token draws its name below itself.
    this.actingLabel.position.set(acting.cell.x * this.cellPx, acting.cell.y * this.cellPx - 22);
  }

  private square(g: Graphics, c: OverlayCell, inset = 0): Graphics {
    const px = this.cellPx;
    return g.rect(c.x * px + inset, c.y * px + inset, px - 2 * inset, px - 2 * inset);
  }

  private outline(g: Graphics, f: OverlayFootprint, inset: number): Graphics {
    const px = this.cellPx;
    return g.rect(
      f.cell.x * px + inset,
      f.cell.y * px + inset,
      f.size * px - 2 * inset,
      f.size * px - 2 * inset,
    );
  }

  private drawRange(cells: CombatOverlayState['range']): void {
    const g = this.rangeG.clear();
    if (!cells?.length) return;
    for (const c of cells) this.square(g, c, 1);
    g.fill({ color: COLOURS.range, alpha: 0.16 });
  }

  private drawTargets(list: CombatOverlayState['targets']): void {
    const g = this.targetsG.clear();
    for (const t of list ?? []) {
      this.outline(g, t, t.selected ? 1 : 3).stroke({
        width: t.selected ? 5 : 2.5,
        color: t.legal ? COLOURS.legal : COLOURS.illegal,
        alpha: t.legal ? 0.95 : 0.6,
      });
    }
  }

  private drawArea(area: CombatOverlayState['area']): void {
    const g = this.areaG.clear();
    if (!area) return;
    const tint = area.legal ? COLOURS.area : COLOURS.illegal;
    if (area.squares.length) {
      for (const c of area.squares) this.square(g, c, 1);
      g.fill({ color: tint, alpha: 0.35 });
      for (const c of area.squares) this.square(g, c, 1);
      g.stroke({ width: 1.5, color: tint, alpha: 0.9 });
    }
    if (area.placed?.length) {
      for (const c of area.placed) this.square(g, c, 6);
      g.fill({ color: tint, alpha: 0.5 });
    }
    if (area.attackSpace) {
      // A reticle on the attack space: the square the attack roll is made against. Not a cross,
      // which reads as "defeated" on a token (issue 12, dead end 11).
      const px = this.cellPx;
      const cx = (area.attackSpace.x + 0.5) * px;
      const cy = (area.attackSpace.y + 0.5) * px;
      const r = px * 0.34;
      g.circle(cx, cy, r)
        .moveTo(cx - r - 7, cy)
        .lineTo(cx - r + 6, cy)
        .moveTo(cx + r - 6, cy)
        .lineTo(cx + r + 7, cy)
        .moveTo(cx, cy - r - 7)
        .lineTo(cx, cy - r + 6)
        .moveTo(cx, cy + r - 6)
        .lineTo(cx, cy + r + 7)
        .stroke({ width: 3, color: COLOURS.attackSpace, alpha: 1 });
    }
    for (const f of area.affected)
      this.outline(g, f, 2).stroke({ width: 4, color: COLOURS.affected, alpha: 1 });
  }

  private drawSight(sight: CombatOverlayState['sight']): void {
    const g = this.sightG.clear();
    if (!sight) return;
    const px = this.cellPx;
    for (const f of sight.ends) this.outline(g, f, 2).stroke({ width: 2, color: 0xffffff, alpha: 0.8 });
    for (const c of sight.blockers) this.square(g, c, 2);
    if (sight.blockers.length) g.fill({ color: COLOURS.blocked, alpha: 0.45 });
    for (const c of sight.coverCells) this.square(g, c, 2);
    if (sight.coverCells.length) g.fill({ color: COLOURS.cover, alpha: 0.45 });
    const colour = !sight.visible ? COLOURS.blocked : sight.cover ? COLOURS.cover : COLOURS.clear;
    g.moveTo(sight.from.x * px, sight.from.y * px)
      .lineTo(sight.to.x * px, sight.to.y * px)
      .stroke({ width: 4, color: colour, alpha: 0.95, cap: 'round' });
    g.circle(sight.from.x * px, sight.from.y * px, 5)
      .circle(sight.to.x * px, sight.to.y * px, 5)
      .fill({ color: colour });
  }
}
