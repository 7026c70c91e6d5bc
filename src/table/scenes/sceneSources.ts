import type { CellData } from '../../schema/cell';
import type { Encounter } from '../../schema/encounter';
import type { MapData } from '../../schema/map';
import type { SceneContent } from '../../schema/scene';
import { SceneContentSchema } from '../../schema/scene';
import { footprintMisfit, misfitSentence } from '../../grid/footprintFit';
import { freeId } from '../foePlacement';
import { numberDuplicates } from '../tokenNames';
import { newCombatantState } from '../writers/tokenWriters';
import { TableWriteError } from '../writers/locateToken';

/** What a new scene is made of: its content and where the party arrives. */
export interface SceneSource {
  readonly content: SceneContent;
  readonly partyStarts: readonly CellData[];
}

/** An empty battlefield on `map` (a library map, a sample, an imported map file). */
export function sceneFromMap(map: MapData, chapter = 1): SceneSource {
  return { content: SceneContentSchema.parse({ map, chapter }), partyStarts: [] };
}

/** How many misfits one refusal names before "and N more". */
const MAX_MISFITS_SAID = 5;

/**
 * An encounter on its map: each foe where the encounter puts it, hidden or shown as it says, with
 * a fresh state; the party arrives on its party starts. Token ids avoid `used` (the party's and
 * every other scene's), so a log line's id never means two characters.
 */
export function sceneFromEncounter(
  encounter: Encounter,
  map: MapData,
  used: ReadonlySet<string>,
): SceneSource {
  const occupied = new Map<string, string>();
  const misfits: string[] = [];
  const taken = new Set(used);
  const placed: { foe: Encounter['foes'][number]; id: string }[] = [];
  for (const foe of encounter.foes) {
    const size = foe.statBlock.size;
    const misfit = footprintMisfit(map, foe.cell, size, (x, y) => occupied.get(`${x},${y}`));
    if (misfit) {
      misfits.push(misfitSentence(foe.statBlock, foe.cell, map, misfit));
      continue;
    }
    for (let dy = 0; dy < size; dy++)
      for (let dx = 0; dx < size; dx++)
        occupied.set(`${foe.cell.x + dx},${foe.cell.y + dy}`, foe.statBlock.name);
    placed.push({ foe, id: freeId(foe.id, taken) });
  }
  if (misfits.length) {
    const said =
      misfits.length > MAX_MISFITS_SAID
        ? [...misfits.slice(0, MAX_MISFITS_SAID - 1), `and ${misfits.length - MAX_MISFITS_SAID + 1} more`]
        : misfits;
    throw new TableWriteError(`${encounter.name} does not fit ${map.name}: ${said.join('; ')}`);
  }
  const names = numberDuplicates(placed.map((p) => p.foe.statBlock.name));
  const token = (p: (typeof placed)[number], i: number) => ({
    id: p.id,
    name: names[i]!,
    cell: p.foe.cell,
    size: p.foe.statBlock.size,
    side: 'foes' as const,
    ownerIds: [],
    combatant: true,
  });
  const tokens = placed.map(token);
  const content = SceneContentSchema.parse({
    map,
    chapter: encounter.chapter,
    tokens: tokens.filter((_t, i) => !placed[i]!.foe.hidden),
    hiddenTokens: tokens.filter((_t, i) => placed[i]!.foe.hidden),
    statBlocks: Object.fromEntries(placed.filter((p) => !p.foe.hidden).map((p) => [p.id, p.foe.statBlock])),
    hiddenStatBlocks: Object.fromEntries(
      placed.filter((p) => p.foe.hidden).map((p) => [p.id, p.foe.statBlock]),
    ),
    combatants: Object.fromEntries(
      placed.map((p, i) => [p.id, newCombatantState(tokens[i]!, p.foe.statBlock)]),
    ),
  });
  return { content, partyStarts: encounter.partyStarts };
}
