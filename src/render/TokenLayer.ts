import { statusChipLabels } from './statusChips';
import { BitmapText, Container, Graphics, Sprite } from 'pixi.js';
import { PortraitTextures, type PortraitLoader } from './PortraitTextures';
import { SIDE_COLOURS } from './heightRamp';
import { hpBar, initials, labelLines, shortLabel, type DrawnToken } from './drawnToken';

const BLIGHT_COLOURS = [0xff7a1a, 0x66ccff, 0x7bd15a, 0xb36bff];

interface Drawn {
  readonly view: DrawnToken;
  readonly key: string;
  readonly container: Container;
  /**
   * The drawing inside `container`, made the first time the token is on screen (undefined until
   * then): `named` are the initials over the name pill, drawn while names are large enough on
   * screen to read; `alone` the larger initials with the duplicate's number ("PG2"), drawn
   * instead when zoomed out.
   */
  readonly parts?: { readonly named: Container; readonly alone: Container };
}

/**
 * Below this many screen pixels a name is a smudge nobody reads (a phone's fit zoom): the token
 * then shows only its larger initials and number, and the status bar names the hovered token.
 */
const MIN_NAME_SCREEN_PX = 9;

/**
 * Tokens: footprint in side colour, initials and name, HP bar with vigor above it, wound pips,
 * status and blight badges, bloodied ring, incapacitated cross, elevation badge. A token is
 * rebuilt only when its drawn data changed; a pure move just repositions it. Like the terrain's
 * chunks, a token is first drawn when it first comes on screen: a big map's first frame draws the
 * few tokens in view, not all of them (each is a dozen objects with text to lay out).
 */
export class TokenLayer {
  readonly container = new Container({ label: 'tokens' });
  private drawn = new Map<string, Drawn>();
  /** The status chips each token was last drawn with (for the page's debug hook). */
  private readonly chips = new Map<string, string[]>();
  private selectedId: string | undefined;
  private view: { x: number; y: number; width: number; height: number } | undefined;
  /** Names too small on screen at the current zoom: tokens show initials and number alone. */
  private compact = false;
  /** Token rebuilds since creation (tests check that a move does not rebuild). */
  rebuilds = 0;
  /** One texture per portrait hash; a token is rebuilt when its portrait arrives. */
  readonly portraits = new PortraitTextures(() => {
    this.setTokens([...this.drawn.values()].map((d) => d.view));
    this.onRedraw();
  });

  /** `onRedraw`: a portrait arrived after its tokens were drawn (the renderer draws a frame). */
  constructor(
    private readonly cellPx: number,
    private readonly onRedraw: () => void = () => {},
  ) {}

  /** Where portraits come from (the live room's asset API); none = every token keeps initials. */
  setPortraitLoader(loader: PortraitLoader | null): void {
    this.portraits.setLoader(loader);
  }

  /** The camera's zoom: switches every token between name and initials-only without a rebuild. */
  setZoom(zoom: number): void {
    const compact = Math.round(this.cellPx * 0.22) * zoom < MIN_NAME_SCREEN_PX;
    if (compact === this.compact) return;
    this.compact = compact;
    for (const d of this.drawn.values()) if (d.parts) showDetail(d.parts, compact);
  }

  /** Whether names are drawn (false when zoomed out too far to read them); for tests. */
  /** The chips `id` was last drawn with: "DA", "+2" (undefined: not drawn yet). */
  chipsOf(id: string): readonly string[] | undefined {
    return this.chips.get(id);
  }

  namesShown(): boolean {
    return !this.compact;
  }

  setTokens(tokens: readonly DrawnToken[]): void {
    const seen = new Set<string>();
    const portraits = new Set<string>();
    for (const t of tokens) {
      seen.add(t.id);
      if (t.portrait) portraits.add(t.portrait);
      const ready = !!t.portrait && !!this.portraits.get(t.portrait);
      const key = drawKey(t, t.id === this.selectedId) + (ready ? '#portrait' : '');
      const old = this.drawn.get(t.id);
      if (old && old.key === key) {
        old.container.position.set(t.x * this.cellPx, t.y * this.cellPx);
        old.container.alpha = baseAlpha(t);
        this.drawn.set(t.id, { ...old, view: t });
        this.show(t.id);
        continue;
      }
      if (old) old.container.destroy({ children: true });
      const container = new Container({ label: `token ${t.id}` });
      container.position.set(t.x * this.cellPx, t.y * this.cellPx);
      container.alpha = baseAlpha(t);
      this.container.addChild(container);
      this.drawn.set(t.id, { view: t, key, container });
      this.show(t.id);
    }
    for (const [id, d] of this.drawn) {
      if (!seen.has(id)) {
        d.container.destroy({ children: true });
        this.drawn.delete(id);
        this.chips.delete(id);
      }
    }
    // After the rebuilds: no drawn token holds a texture of a portrait nobody shows now.
    this.portraits.retain(portraits);
  }

  /** Hide tokens outside the camera rectangle (world pixels), with one square of slack for labels. */
  cull(view: { x: number; y: number; width: number; height: number }): void {
    this.view = view;
    for (const id of this.drawn.keys()) this.show(id);
  }

  /** Culls a token (visible only near the camera) and draws it if it is on screen for the first time. */
  private show(id: string, always = false): void {
    const d = this.drawn.get(id);
    const v = this.view;
    if (!d) return;
    const c = d.container;
    const px = this.cellPx;
    const s = d.view.size * px;
    c.visible =
      always ||
      !v ||
      (c.x + s + px >= v.x && c.y + s + px >= v.y && c.x - px <= v.x + v.width && c.y - px <= v.y + v.height);
    if (!c.visible || d.parts) return;
    const parts = this.build(d.view, d.view.id === this.selectedId, c);
    showDetail(parts, this.compact);
    this.drawn.set(id, { ...d, parts });
  }

  select(id: string | undefined): void {
    this.selectedId = id;
    this.setTokens([...this.drawn.values()].map((d) => d.view));
  }

  /** Move a token's drawing without changing data (drag preview); undefined puts it back. */
  preview(id: string, x: number | undefined, y: number | undefined): void {
    const d = this.drawn.get(id);
    if (!d) return;
    const px = x ?? d.view.x;
    const py = y ?? d.view.y;
    d.container.position.set(px * this.cellPx, py * this.cellPx);
    d.container.alpha = x === undefined ? baseAlpha(d.view) : 0.75;
    this.show(id, true);
  }

  /** Draws token `t` into its (empty) container `c`. */
  private build(t: DrawnToken, selected: boolean, c: Container): NonNullable<Drawn['parts']> {
    this.rebuilds++;
    const px = this.cellPx;
    const s = t.size * px;
    const g = new Graphics();
    const colour = SIDE_COLOURS[t.side];
    const inset = px * 0.08;
    // Footprint square (faint) + disc.
    g.rect(1, 1, s - 2, s - 2).fill({ color: colour, alpha: 0.15 });
    g.circle(s / 2, s / 2, s / 2 - inset).fill(t.incapacitated ? 0x777777 : colour);
    g.circle(s / 2, s / 2, s / 2 - inset).stroke({
      width: selected ? 4 : 2,
      color: selected ? 0xffd23f : t.mine ? 0xffffff : 0x1a1a1a,
    });
    if (t.bloodied && !t.incapacitated) {
      g.circle(s / 2, s / 2, s / 2 - inset + 3).stroke({ width: 3, color: 0xb00020, alpha: 0.95 });
    }
    c.addChild(g);
    // The portrait (already cut to a circle) inside a ring of the side colour.
    const texture = t.portrait ? this.portraits.get(t.portrait) : null;
    if (texture) {
      const art = new Sprite(texture);
      const ring = Math.max(3, px * 0.07);
      const d = s - 2 * (inset + ring);
      art.setSize(d, d);
      art.position.set(inset + ring, inset + ring);
      if (t.incapacitated) art.tint = 0x777777;
      c.addChild(art);
    }
    if (t.incapacitated) {
      const a = s * 0.25;
      c.addChild(
        new Graphics()
          .moveTo(a, a)
          .lineTo(s - a, s - a)
          .moveTo(s - a, a)
          .lineTo(a, s - a)
          .stroke({ width: 4, color: 0x222222 }),
      );
    }
    // The full name on a dark pill, broken over two lines inside the footprint (neighbours'
    // labels must not collide); "Hollow Husk 1" and "… 2" keep their numbers (issue 12).
    // Arial averages about 0.55 em per character.
    const nameSize = Math.round(px * 0.22);
    const suffix =
      ((t.resolve ?? 0) > 0 ? ` ✦${t.resolve}` : '') +
      (t.hidden ? (t.outOfSight ? ' (out of sight)' : ' (hidden)') : '');
    // Over a portrait one line, so the name pill leaves the face (the token's middle) in view.
    const lines = labelLines(t.name + suffix, (s - 6) / (nameSize * 0.55), texture ? 1 : 2);
    const label = new BitmapText({
      text: initials(t.name),
      style: {
        fontFamily: 'Arial',
        // Smaller and higher when the name takes two lines, so the two never overlap.
        fontSize: Math.round(px * (lines.length > 1 ? 0.3 : 0.36) * Math.min(t.size, 2)),
        fontWeight: 'bold',
        fill: 0xffffff,
      },
    });
    label.anchor.set(0.5);
    label.position.set(s / 2, lines.length > 1 ? s * 0.36 : s / 2);
    const named = new Container();
    // The face is the token: over a portrait the name pill below says who it is.
    if (!texture) named.addChild(label);
    const alone = new BitmapText({
      text: shortLabel(t.name),
      style: {
        fontFamily: 'Arial',
        fontSize: Math.round(px * 0.42 * Math.min(t.size, 2)),
        fontWeight: 'bold',
        fill: 0xffffff,
      },
    });
    alone.anchor.set(0.5);
    alone.position.set(s / 2, s / 2);
    const compact = new Container();
    if (texture) {
      // Zoomed out the label sits on the picture: a dark pill keeps it readable on any art.
      const pad = 3;
      compact.addChild(
        new Graphics()
          .roundRect(
            s / 2 - alone.width / 2 - pad,
            s / 2 - alone.height / 2 - pad,
            alone.width + 2 * pad,
            alone.height + 2 * pad,
            4,
          )
          .fill({ color: 0x111111, alpha: 0.75 }),
      );
    }
    compact.addChild(alone);
    c.addChild(named, compact);
    const name = new BitmapText({
      text: lines.join('\n'),
      style: {
        fontFamily: 'Arial',
        fontSize: nameSize,
        fill: 0xffffff,
        align: 'center',
        lineHeight: nameSize * 1.1,
      },
    });
    // Everything stays inside the footprint so neighbouring tokens never cover each other.
    const nameY = s - name.height - 2;
    name.anchor.set(0.5, 0);
    name.position.set(s / 2, nameY);
    const pill = new Graphics()
      .roundRect(s / 2 - name.width / 2 - 3, nameY - 1, name.width + 6, name.height + 2, 4)
      .fill({ color: 0x111111, alpha: 0.75 });
    named.addChild(pill, name);
    const bar = hpBar(t);
    const badges = new Graphics();
    if (bar) {
      // HP bar along the top edge, vigor as a thin blue bar on top of it.
      const bw = s - 8;
      const by = 4;
      badges.rect(4, by, bw, 5).fill(0x222222);
      badges.rect(4, by, bw * bar.hp, 5).fill(bar.hp < 0.5 ? 0xd83a3a : 0x3fbf5f);
      if (bar.vigor > 0) badges.rect(4, by - 3, bw * bar.vigor, 3).fill(0x4fc3ff);
    }
    // Wound pips: up to 4 dark dots along the top right.
    for (let w = 0; w < Math.min(4, t.wounds ?? 0); w++) {
      badges
        .circle(s - 7 - w * 9, 15, 4)
        .fill(0x3a0000)
        .stroke({ width: 1, color: 0xffffff });
    }
    // Blights: coloured diamonds on the left, above the name.
    t.blights.slice(0, 4).forEach((_, i) => {
      const bx = 7 + i * 10;
      const byy = nameY - 7;
      badges.poly([bx, byy - 5, bx + 4, byy, bx, byy + 5, bx - 4, byy]).fill(BLIGHT_COLOURS[i] ?? 0xffffff);
    });
    c.addChild(badges);
    // Statuses: small lettered chips down the right edge, as many as fit above the name; when
    // more statuses than that, the last chip says how many more ("+2").
    const room = Math.max(1, Math.floor((nameY - 22) / 13));
    const labels = statusChipLabels(t.statuses, room);
    this.chips.set(t.id, labels);
    labels.forEach((label, i) => {
      // A chip past the room ("+N" beside the only one) goes left of the last slot.
      const x = i < room ? s - 16 : s - 16 - 17 * (i - room + 1);
      const y = 22 + Math.min(i, room - 1) * 13;
      const chip = new Graphics()
        .roundRect(x, y, 15, 12, 3)
        .fill(0xffe08a)
        .stroke({ width: 1, color: 0x333333 });
      const txt = new BitmapText({
        text: label,
        style: { fontFamily: 'Arial', fontSize: 8, fill: 0x222222 },
      });
      txt.position.set(x + 2, y + 1);
      c.addChild(chip, txt);
    });
    if (t.elevation > 0) {
      // Top-left under the HP bar, clear of the initials in the middle.
      const ey = 10;
      const eg = new Graphics().roundRect(1, ey, 20, 14, 4).fill(0x2a1a0c);
      const et = new BitmapText({
        text: `▲${t.elevation}`,
        style: { fontFamily: 'Arial', fontSize: 10, fill: 0xffffff },
      });
      et.position.set(3, ey + 1);
      c.addChild(eg, et);
    }
    return { named, alone: compact };
  }
}

function showDetail(d: NonNullable<Drawn['parts']>, compact: boolean): void {
  d.named.visible = !compact;
  d.alone.visible = compact;
}

function baseAlpha(t: DrawnToken): number {
  return t.hidden ? 0.5 : t.incapacitated ? 0.7 : 1;
}

/** Everything drawn except the position; equal keys mean no rebuild is needed. */
function drawKey(t: DrawnToken, selected: boolean): string {
  const { x: _x, y: _y, ...rest } = t;
  return JSON.stringify(rest) + (selected ? '*' : '');
}
