import type { ThreatPictureData } from '../../render/ThreatLayer';

export type { ThreatPictureData };

/** Heat from pale yellow (little) to deep red (the most on the map). */
function heat(share: number): string {
  const hue = Math.round(55 - 55 * share);
  return `hsla(${hue}, 95%, ${Math.round(58 - 14 * share)}%, ${0.32 + 0.4 * share})`;
}

/**
 * Paints the overlay at `px` pixels a square on the encounter builder's 2D map picture (the
 * battlefield draws the same data with ThreatLayer). Threat: red where a square can be
 * an attack's target, deeper the more attackers; orange stripes where it is only inside an area;
 * the number of attackers in the corner. Danger: the heat of the expected damage with its value,
 * the safest squares ringed in green with a star.
 */
export function paintThreat(ctx: CanvasRenderingContext2D, d: ThreatPictureData, px: number): void {
  const numbers = px >= 14;
  ctx.textAlign = 'right';
  ctx.textBaseline = 'bottom';
  ctx.font = `bold ${Math.max(9, Math.round(px * 0.32))}px system-ui, sans-serif`;
  ctx.lineJoin = 'round';
  const label = (text: string, x: number, y: number) => {
    if (!numbers) return;
    ctx.lineWidth = Math.max(2, px * 0.07);
    ctx.strokeStyle = 'rgba(0,0,0,0.85)';
    ctx.strokeText(text, (x + 1) * px - px * 0.08, (y + 1) * px - px * 0.04);
    ctx.fillStyle = '#fff';
    ctx.fillText(text, (x + 1) * px - px * 0.08, (y + 1) * px - px * 0.04);
  };
  if (d.danger) {
    let max = 0;
    for (const v of d.danger) if (v > max) max = v;
    for (let y = 0; y < d.height; y++) {
      for (let x = 0; x < d.width; x++) {
        const v = d.danger[y * d.width + x]!;
        if (v <= 0) continue;
        ctx.fillStyle = heat(max > 0 ? v / max : 0);
        ctx.fillRect(x * px + 1, y * px + 1, px - 2, px - 2);
        label(v >= 9.95 ? String(Math.round(v)) : v.toFixed(1), x, y);
      }
    }
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (const c of d.safest) {
      ctx.lineWidth = Math.max(2, px * 0.08);
      ctx.strokeStyle = '#16a34a';
      ctx.strokeRect(c.x * px + px * 0.1, c.y * px + px * 0.1, px * 0.8, px * 0.8);
      if (numbers) {
        ctx.fillStyle = '#16a34a';
        ctx.fillText('★', (c.x + 0.3) * px, (c.y + 0.32) * px);
      }
    }
    return;
  }
  for (let y = 0; y < d.height; y++) {
    for (let x = 0; x < d.width; x++) {
      const k = y * d.width + x;
      const n = d.count[k]!;
      if (n === 0) continue;
      if (d.attackCount[k]! > 0) {
        ctx.fillStyle = `rgba(220, 38, 38, ${Math.min(0.7, 0.2 + 0.12 * d.attackCount[k]!)})`;
        ctx.fillRect(x * px + 1, y * px + 1, px - 2, px - 2);
      } else {
        // Inside an area only: stripes, so it reads apart from a red square at any size.
        ctx.fillStyle = 'rgba(249, 115, 22, 0.22)';
        ctx.fillRect(x * px + 1, y * px + 1, px - 2, px - 2);
        ctx.strokeStyle = 'rgba(194, 65, 12, 0.55)';
        ctx.lineWidth = Math.max(1, px / 16);
        ctx.beginPath();
        for (let s = 0.25; s < 2; s += 0.5) {
          ctx.moveTo(x * px + Math.max(0, s - 1) * px, y * px + Math.min(1, s) * px);
          ctx.lineTo(x * px + Math.min(1, s) * px, y * px + Math.max(0, s - 1) * px);
        }
        ctx.stroke();
      }
      label(String(n), x, y);
    }
  }
}
