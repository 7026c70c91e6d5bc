import type { CellData } from '../schema/cell';
import type { Foe } from '../schema/statBlock';
import { FoeSchema } from '../schema/statBlock';
import { MAX_TOKENS } from '../schema/limits';
import type { Token } from '../schema/token';
import { footprintMisfit, misfitSentence, type FitMap } from '../grid/footprintFit';
import { slug } from './slug';
import { nameForNewToken } from './tokenNames';

/** Most copies of one foe placed at once (the dialog's count input carries it). */
export const MAX_FOES_PLACED = 20;

/** What the placement reads of a room: its map and every token the GM sees. */
export interface RoomFloor {
  readonly map: FitMap | null;
  readonly tokens: readonly Pick<Token, 'id' | 'name' | 'cell' | 'size' | 'combatant'>[];
}

/** N copies of one foe, one top-left square each, all hidden or all visible. */
export interface FoePlacement {
  readonly foe: Foe;
  readonly cells: readonly CellData[];
  readonly hidden: boolean;
}

export type FoePlan = { ok: true; tokens: Token[] } | { ok: false; reason: string };

/**
 * Which squares characters stand on: square → who. Only combatants count, as for movement
 * (src/table/battlefieldOf.ts): a prop or marker is not in the way.
 */
export function occupancy(tokens: RoomFloor['tokens']): Map<string, string> {
  const taken = new Map<string, string>();
  for (const t of tokens) {
    if (!t.combatant) continue;
    for (let dy = 0; dy < t.size; dy++)
      for (let dx = 0; dx < t.size; dx++) taken.set(`${t.cell.x + dx},${t.cell.y + dy}`, t.name);
  }
  return taken;
}

/** A token id from the name not used by anyone: "hollow-husk", "hollow-husk-2", … */
export function freeId(name: string, used: Set<string>): string {
  const base = slug(name).slice(0, 56).replace(/-$/, '') || 'foe';
  let id = base;
  for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
  used.add(id);
  return id;
}

/**
 * The tokens N copies of `foe` become, each checked against the map and everyone already there
 * (and the copies before it): all of them, or the first reason one cannot stand where asked, so
 * nothing is ever half-placed. Names are numbered as `nameForNewToken` numbers them ("Hollow
 * Husk 2", "Hollow Husk 3"; a lone "Hollow Husk" becomes "Hollow Husk 1").
 */
export function planFoes(floor: RoomFloor, placement: FoePlacement): FoePlan {
  const parsed = FoeSchema.safeParse(placement.foe);
  if (!parsed.success) return { ok: false, reason: `${placement.foe.name}'s stat block is not valid` };
  const foe = parsed.data;
  const { map } = floor;
  if (!map) return { ok: false, reason: 'this room has no map yet' };
  if (placement.cells.length === 0)
    return { ok: false, reason: `choose at least one square to place ${foe.name} on` };
  if (placement.cells.length > MAX_FOES_PLACED)
    return { ok: false, reason: `place at most ${MAX_FOES_PLACED} foes at once` };
  if (floor.tokens.length + placement.cells.length > MAX_TOKENS)
    return { ok: false, reason: `a room holds at most ${MAX_TOKENS} tokens` };
  if (foe.size > 5)
    return { ok: false, reason: `${foe.name} (size ${foe.size}) is bigger than a token can be (size 5)` };
  const taken = occupancy(floor.tokens);
  const ids = new Set(floor.tokens.map((t) => t.id));
  const named = floor.tokens.map(({ id, name }) => ({ id, name }));
  const tokens: Token[] = [];
  for (const cell of placement.cells) {
    const misfit = footprintMisfit(map, cell, foe.size, (x, y) => taken.get(`${x},${y}`));
    if (misfit) return { ok: false, reason: misfitSentence(foe, cell, map, misfit) };
    const { name, renames } = nameForNewToken(foe.name, named);
    for (const r of renames) {
      const renamed = named.find((n) => n.id === r.id);
      if (renamed) renamed.name = r.name;
      const mine = tokens.find((t) => t.id === r.id);
      if (mine) mine.name = r.name;
    }
    const token: Token = {
      id: freeId(foe.name, ids),
      name,
      cell: { x: cell.x, y: cell.y },
      size: foe.size,
      side: 'foes',
      ownerIds: [],
      combatant: true,
    };
    tokens.push(token);
    named.push({ id: token.id, name });
    for (let dy = 0; dy < foe.size; dy++)
      for (let dx = 0; dx < foe.size; dx++) taken.set(`${cell.x + dx},${cell.y + dy}`, name);
  }
  return { ok: true, tokens };
}
