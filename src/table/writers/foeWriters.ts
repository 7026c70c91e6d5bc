import type { StatBlock } from '../../schema/statBlock';
import { FoeSchema } from '../../schema/statBlock';
import { footprintMisfit } from '../../grid/footprintFit';
import { nearestPosition } from '../../grid/nearestPosition';
import type { TableDocs } from '../docLayout';
import { GM_ORIGIN, transactBoth } from '../docLayout';
import type { FoePlacement } from '../foePlacement';
import { freeId, occupancy, planFoes } from '../foePlacement';
import { readTableState } from '../snapshot';
import { placeToken } from './tokenWriters';
import { TableWriteError, tokenName } from './locateToken';

/* The GM's writers that place foes (the planning, shared with the page's preview: ../foePlacement.ts). */

/**
 * The GM places N copies of a foe in a running room: full combatants (stat block, full HP),
 * hidden or visible, in ONE transaction per doc (one undo step). During combat they join the
 * current round and act in it (docs/rules.md, "Turn order"). Returns the new tokens' ids and names.
 */
export function placeFoes(docs: TableDocs, placement: FoePlacement): Placed[] {
  const plan = planFoes(readTableState(docs.public, docs.secrets ?? undefined), placement);
  if (!plan.ok) throw new TableWriteError(plan.reason);
  const statBlock = FoeSchema.parse(placement.foe);
  transactBoth(docs, GM_ORIGIN, () => {
    // placeToken numbers each name again from the docs as they stand: the same names as planned.
    for (const token of plan.tokens)
      placeToken(docs, { ...token, name: statBlock.name }, { statBlock, hidden: placement.hidden });
  });
  return plan.tokens.map(({ id, name }) => ({ id, name }));
}

/** A token a writer made: its id and the (numbered) name it got. */
export interface Placed {
  readonly id: string;
  readonly name: string;
}

/** "Hollow Husk 2" → "Hollow Husk": the name a copy is numbered from. */
function baseName(name: string, statBlock: StatBlock | null): string {
  if (statBlock && (name === statBlock.name || name.startsWith(`${statBlock.name} `))) return statBlock.name;
  return name.replace(/ [1-9]\d{0,3}$/, '');
}

/**
 * The GM duplicates a token: the copy stands on the nearest free square its footprint fits,
 * takes the next number, keeps side, hiding and the full stat block (hidden stats stay hidden),
 * and starts fresh: full HP, no statuses, nothing spent (docs/rules.md, "Tokens the GM places").
 * A player character's copy belongs to the GM (no owners). Returns the copy's id and name.
 */
export function duplicateToken(docs: TableDocs, tokenId: string): Placed {
  const state = readTableState(docs.public, docs.secrets ?? undefined);
  const original = state.tokensById[tokenId];
  if (!original) throw new TableWriteError('that token is no longer on the table');
  const map = state.map;
  if (!map) throw new TableWriteError('this room has no map yet');
  const taken = occupancy(state.tokens);
  const cell = nearestPosition(
    map.width,
    map.height,
    original.cell,
    (at) => !footprintMisfit(map, at, original.size, (x, y) => taken.get(`${x},${y}`)),
  );
  if (!cell) throw new TableWriteError(`there is no free square left for a copy of ${original.name}`);
  const id = freeId(baseName(original.name, original.statBlock), new Set(state.tokens.map((t) => t.id)));
  const statBlock = original.statBlock ?? undefined;
  placeToken(
    docs,
    {
      id,
      name: baseName(original.name, original.statBlock),
      cell,
      size: original.size,
      side: original.side,
      ownerIds: [],
      combatant: original.combatant,
    },
    { hidden: original.hidden, ...(statBlock ? { statBlock, statsHidden: original.statsHidden } : {}) },
  );
  return { id, name: tokenName(docs, id) };
}
