import { measureRuler, rulerLines, rulerShortLabel } from '../../grid/ruler';
import type { RulerView } from '../../render/RulerLayer';
import { battlefieldOf, movementBudget } from '../moveRules';
import type { Scene } from '../Scene';
import type { RulerPresence } from '../TableSession';

/**
 * What a held ruler shows on this page: measured here, on this viewer's battlefield, with the
 * rules moves and attacks use (src/grid/ruler.ts). A start token this page does not know (hidden
 * from it) is measured as a plain square; a character with a Speed is told what is left this turn.
 * `lines` are the whole words; the view's label is short when `short` (your own ruler, whose
 * words the readout above the map says in full).
 */
export function rulerViewOf(
  scene: Scene,
  ruler: RulerPresence,
  look: { key: string; colour: number; owner?: string; short?: boolean },
): { view: RulerView; lines: string[] } {
  const token = ruler.tokenId ? scene.tokens.find((t) => t.id === ruler.tokenId) : undefined;
  const budget = token?.speed !== undefined ? movementBudget(token) : undefined;
  const measure = measureRuler(battlefieldOf(scene), token ? ruler : { ...ruler, tokenId: undefined }, {
    budget,
  });
  const lines = rulerLines(measure);
  const view: RulerView = {
    key: look.key,
    colour: look.colour,
    ...(look.owner !== undefined ? { owner: look.owner } : {}),
    start: token ? { x: token.cell.x, y: token.cell.y, size: token.size } : { ...ruler.from, size: 1 },
    waypoints: ruler.waypoints,
    end: ruler.to,
    ...(measure.move && !measure.move.blocked ? { movePath: measure.move.path } : {}),
    lines: look.short ? [rulerShortLabel(measure)] : lines,
  };
  return { view, lines };
}
