import { BitmapFontManager, getBitmapTextLayout, TextStyle, type Graphics, type Texture } from 'pixi.js';

/** What a one-line label looks like: the BitmapText style options the table uses for them. */
export interface LabelStyle {
  readonly fontSize: number;
  readonly fill: number;
  readonly fontWeight?: 'bold' | 'normal';
}

/** One glyph of a laid-out label: its texture and rectangle relative to the label's position. */
interface Glyph {
  readonly texture: Texture;
  readonly tint: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Laid-out labels by text and style: the terrain's few dozen kinds ("1"…"9", "♥12") each once. */
const layouts = new Map<string, readonly Glyph[]>();

/**
 * Draws `text` into `g` at (x, y) (its top left, like a BitmapText placed there) as the glyph
 * quads PixiJS's BitmapText would draw — the same dynamic bitmap font, layout, rounding and
 * tint, so the pixels are the same — but as part of one Graphics. A chunk of terrain has up to 256
 * height numbers: as BitmapTexts each was an object with its own style, layout, graphics context
 * and render instructions, which made them most of a chunk's cost on the first frame. The quads
 * take `g`'s current fill alpha (set it to 1 first for opaque labels).
 */
export function drawGlyphLabel(g: Graphics, text: string, style: LabelStyle, x: number, y: number): void {
  for (const q of glyphsOf(text, style)) g.texture(q.texture, q.tint, x + q.x, y + q.y, q.width, q.height);
}

function glyphsOf(text: string, options: LabelStyle): readonly Glyph[] {
  const key = `${text}|${options.fontSize}|${options.fill}|${options.fontWeight ?? 'normal'}`;
  const known = layouts.get(key);
  if (known) return known;
  const style = new TextStyle({ fontFamily: 'Arial', ...options });
  // As AbstractBitmapTextPipe._updateContext lays out one line (anchor 0, no stroke).
  const font = BitmapFontManager.getFont(text, style);
  const layout = getBitmapTextLayout([...text], style, font, true);
  const scale = layout.scale;
  const tint = font.applyFillAsTint ? style._fill.color : 0xffffff;
  let shift = (font.lineHeight - font.fontMetrics.fontSize) / 2;
  if (shift - font.baseLineOffset < 0) shift = 0;
  const glyphs: Glyph[] = [];
  for (const line of layout.lines) {
    line.chars.forEach((char, i) => {
      const data = font.chars[char];
      if (!data?.texture) return;
      glyphs.push({
        texture: data.texture,
        tint: typeof tint === 'number' ? tint : 0xffffff,
        x: -style.padding + Math.round((line.charPositions[i] ?? 0) + data.xOffset) * scale,
        y: -style.padding + Math.round(font.baseLineOffset + data.yOffset + shift) * scale,
        width: data.texture.orig.width * scale,
        height: data.texture.orig.height * scale,
      });
    });
  }
  layouts.set(key, glyphs);
  return glyphs;
}
