/** CSS "hsl(h s% l%)" / "hsl(h, s%, l%)" / "#rrggbb" → 0xRRGGBB (presence colours come as CSS). */
export function cssToColour(css: string): number {
  const hex = /^#([0-9a-f]{6})$/i.exec(css.trim());
  if (hex?.[1]) return parseInt(hex[1], 16);
  const m = /^hsl\(\s*([\d.]+)[\s,]+([\d.]+)%[\s,]+([\d.]+)%\s*\)$/i.exec(css.trim());
  if (!m) return 0xffd23f;
  const h = Number(m[1]) / 360;
  const s = Number(m[2]) / 100;
  const l = Number(m[3]) / 100;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t0: number): number => {
    let t = t0;
    if (t < 0) t += 1;
    if (t > 1) t -= 1;
    const v = t < 1 / 6 ? p + (q - p) * 6 * t : t < 1 / 2 ? q : t < 2 / 3 ? p + (q - p) * (2 / 3 - t) * 6 : p;
    return Math.round(v * 255);
  };
  return (channel(h + 1 / 3) << 16) | (channel(h) << 8) | channel(h - 1 / 3);
}
