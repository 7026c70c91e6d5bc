import type { ThreatInspection } from './threatTool';
import type { ThreatView } from './threatView';

/**
 * Fills the box beside the pointer: the square, then one line per threat (attacker, attack,
 * where from, the odds in a few words). Plain text nodes: names come from the table.
 */
export function fillThreatTip(
  tip: HTMLElement,
  inspection: ThreatInspection,
  at: { x: number; y: number },
  stageWidth: number,
): void {
  const { square, rows } = inspection;
  const lines = [
    rows.length === 0
      ? `(${square.x},${square.y}): nobody can attack here next turn`
      : `(${square.x},${square.y}): ${rows.length} way${rows.length === 1 ? '' : 's'} to be hit`,
    ...rows
      .slice(0, 6)
      .map(
        (r) =>
          `${r.attacker}: ${r.ability} from (${r.from.x},${r.from.y})${r.space === 'area' ? ', its area' : ''}${r.odds ? ` · ${r.odds}` : ''}`,
      ),
    ...(rows.length > 6 ? [`and ${rows.length - 6} more (the panel lists them all)`] : []),
  ];
  tip.replaceChildren(
    ...lines.map((text, i) => {
      const line = document.createElement('div');
      if (i === 0) line.className = 'threat-tip-title';
      line.textContent = text;
      return line;
    }),
  );
  tip.hidden = false;
  // Beside the square, kept on the stage.
  const width = Math.min(320, stageWidth - 16);
  tip.style.maxWidth = `${width}px`;
  tip.style.left = `${Math.max(8, Math.min(at.x + 8, stageWidth - width - 8))}px`;
  tip.style.top = `${Math.max(8, at.y)}px`;
}

/** Squares for browser tests: each threatened square with its counts, each danger value, the safest squares. */
export function threatDebug(view: ThreatView): {
  threatened: { x: number; y: number; count: number; attack: number }[];
  danger: { x: number; y: number; value: number }[];
  safest: { x: number; y: number }[];
} {
  const threatened: { x: number; y: number; count: number; attack: number }[] = [];
  const danger: { x: number; y: number; value: number }[] = [];
  for (let k = 0; k < view.count.length; k++) {
    const x = k % view.width;
    const y = (k - x) / view.width;
    if (view.count[k]! > 0) threatened.push({ x, y, count: view.count[k]!, attack: view.attackCount[k]! });
    if (view.danger && view.danger[k]! > 0) danger.push({ x, y, value: view.danger[k]! });
  }
  return { threatened, danger, safest: view.safest.map((c) => ({ x: c.x, y: c.y })) };
}
