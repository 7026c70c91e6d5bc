import { signal, type Signal } from '@preact/signals';
import type { CellData } from '../../schema/cell';
import type { Foe } from '../../schema/statBlock';
import { squaresNearestFree } from '../../grid/footprintFit';
import { planFoes, type RoomFloor } from '../../table/foePlacement';

/** A foe the GM may place: its name in the list and its stat block. */
export interface PlaceableFoe {
  /** Unique in the list: where it comes from and its name ("library:Ogre"). */
  readonly key: string;
  readonly name: string;
  /** The list's heading it sits under: "In this room", "Your library", "Starter set". */
  readonly group: string;
  readonly statBlock: Foe;
}

/** The place-foes form as the GM fills it in (page-only state, never synced). */
export interface PlacingDraft {
  readonly foe: PlaceableFoe;
  readonly count: number;
  readonly hidden: boolean;
  /** Top-left squares picked so far, oldest first. */
  readonly cells: readonly CellData[];
  /** Clicks on the map pick squares (instead of selecting and dragging tokens). */
  readonly picking: boolean;
}

/** One footprint drawn on the map before confirming: green if that copy fits, red if not. */
export interface PlacingGhost {
  readonly cell: CellData;
  readonly size: number;
  readonly legal: boolean;
}

const drafts = new WeakMap<object, Signal<PlacingDraft | null>>();

/**
 * The draft of one room page, shared by the form (in the token panel) and the map clicks and
 * footprints (attachPlacing), keyed by the room model so neither reaches into the other.
 */
export function placingOf(model: object): Signal<PlacingDraft | null> {
  let draft = drafts.get(model);
  if (!draft) {
    draft = signal<PlacingDraft | null>(null);
    drafts.set(model, draft);
  }
  return draft;
}

/**
 * A click on the map: a square already picked is taken back; another is added, and once
 * `count` squares are picked the oldest gives way, so the newest clicks always count.
 */
export function toggleSquare(draft: PlacingDraft, cell: CellData): PlacingDraft {
  const at = draft.cells.findIndex((c) => c.x === cell.x && c.y === cell.y);
  if (at >= 0) return { ...draft, cells: draft.cells.filter((_, i) => i !== at) };
  const cells = [...draft.cells, { x: cell.x, y: cell.y }];
  return { ...draft, cells: cells.slice(Math.max(0, cells.length - draft.count)) };
}

/**
 * Each picked footprint and whether that copy fits: on its own against the room and the copies
 * before it that fit (one misplaced copy does not turn the others red).
 */
export function ghostsOf(floor: RoomFloor, draft: PlacingDraft): PlacingGhost[] {
  const size = draft.foe.statBlock.size;
  const fitting: CellData[] = [];
  return draft.cells.map((cell) => {
    const cells = [...fitting, cell];
    const legal = planFoes(floor, { foe: draft.foe.statBlock, cells, hidden: draft.hidden }).ok;
    if (legal) fitting.push(cell);
    return { cell, size, legal };
  });
}

/**
 * `count` squares nearest to `from` where the copies fit, each clear of the ones before it
 * ("place next to the selection"); fewer when the map runs out of room.
 */
export function squaresNear(floor: RoomFloor, from: CellData, foe: Foe, count: number): CellData[] {
  const map = floor.map;
  if (!map) return [];
  const taken = new Map<string, string>();
  for (const t of floor.tokens) {
    if (!t.combatant) continue;
    for (let dy = 0; dy < t.size; dy++)
      for (let dx = 0; dx < t.size; dx++) taken.set(`${t.cell.x + dx},${t.cell.y + dy}`, t.name);
  }
  return squaresNearestFree(map, from, foe, count, taken);
}
