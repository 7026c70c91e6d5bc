import type { AreaPattern } from '../../schema/area';
import type { CellData } from '../../schema/cell';
import type { Battlefield } from '../battlefield';
import { footprintsOverlap, occupancyGrid, occupantById } from '../battlefield';
import type { Cell } from '../cell';
import type { Footprint } from '../lineOfSight';
import { BLOCKED, COVER, judgePair } from '../sightCore';
import { terrainOf } from '../terrain';
import type { AreaOptions, AreaPlacement } from './areaPlacement';
import type { ShapeContext } from './shapeSquares';
import { shapeContext, shapeSquares } from './shapeSquares';

export interface AffectedCharacter {
  id: string;
  /** Stands in the attack space: the attack roll is made against this character. */
  inAttackSpace: boolean;
  /** Cover judged from the origin (rulebook: cover for AoE is determined by the origin point). */
  cover: boolean;
  /** The origin has line of sight to this character (informational; the area hits regardless). */
  lineOfSight: boolean;
}

export interface AreaResult {
  legal: boolean;
  reason?: string;
  /** Null when the pattern has no character to attack (e.g. a Line with nobody in it). */
  attackSpace: Cell | null;
  /** Cross without a listed range: every square tied for "first character"; attacker's choice. */
  attackSpaceChoices: Cell[];
  /** Primary then secondary squares, no repeats. */
  areaSpaces: Cell[];
  secondarySpaces: Cell[];
  affected: AffectedCharacter[];
}

/** Per-call caches shared across many placements (used by the enumerator). */
export interface AreaEvalCache {
  cover: Map<number, { cover: boolean; lineOfSight: boolean }>;
  sight: Map<number, boolean>;
}
export const newAreaEvalCache = (): AreaEvalCache => ({ cover: new Map(), sight: new Map() });

const fail = (reason: string): AreaResult => ({
  legal: false,
  reason,
  attackSpace: null,
  attackSpaceChoices: [],
  areaSpaces: [],
  secondarySpaces: [],
  affected: [],
});

/**
 * Judges one placement of an AoE pattern for a caster (rulebook: Area of effect, AoE patterns):
 * legality with a reason, the attack space, area spaces, and the characters affected with cover
 * from the origin. The caster is affected only by abilities with a listed range that are not "(self)".
 */
export function placeArea(
  bf: Battlefield,
  casterId: string,
  pattern: AreaPattern,
  placement: AreaPlacement,
  opts: AreaOptions = {},
  cache: AreaEvalCache = newAreaEvalCache(),
): AreaResult {
  const caster = occupantById(bf, casterId);
  const t = terrainOf(bf.map);
  const origin: Footprint = { cell: caster.cell, size: caster.size };
  const ctx = shapeContext(t, origin, opts);
  const primary = shapeSquares(ctx, pattern.primary, placement.primary);
  if (!primary.ok) return fail(primary.reason);
  if (primary.sightTo) {
    const key = primary.sightTo.y * t.width + primary.sightTo.x;
    let seen = cache.sight.get(key);
    if (seen === undefined) {
      seen = judgePair(t, origin, { cell: primary.sightTo, size: 1 }, bf, false) !== BLOCKED;
      cache.sight.set(key, seen);
    }
    if (!seen) return fail(`no line of sight from the origin to (${primary.sightTo.x},${primary.sightTo.y})`);
  }
  const grid = occupancyGrid(bf);
  const casterIndex = bf.occupants.indexOf(caster) + 1;
  let attackSpace: Cell | null = null;
  let attackSpaceChoices: Cell[] = [];
  if (primary.attack === 'first-character') {
    attackSpace = primary.ordered.find((c) => targetAt(bf, grid, t.width, casterIndex, c) !== 0) ?? null;
    if (attackSpace) attackSpaceChoices = [attackSpace];
  } else if (primary.attack === 'nearest-character') {
    const firstRing = primary.ordered.findIndex((c) => targetAt(bf, grid, t.width, casterIndex, c) !== 0);
    if (firstRing >= 0) {
      const ring = primary.rings[firstRing];
      attackSpaceChoices = primary.ordered.filter(
        (c, i) => primary.rings[i] === ring && targetAt(bf, grid, t.width, casterIndex, c) !== 0,
      );
      attackSpace = attackSpaceChoices[0]!;
    }
  } else {
    attackSpace = primary.attack;
    attackSpaceChoices = [attackSpace];
  }
  const affectsCaster = opts.range !== undefined && !opts.self;
  // The pattern's attack space, which the secondary pattern still starts from.
  const patternAttackSpace = attackSpace;
  if (attackSpace && !affectsCaster && footprintsOverlap(attackSpace, 1, caster.cell, caster.size)) {
    // A "(self)" area whose attack space is its user: the user is not affected, so nobody is attacked.
    attackSpace = null;
    attackSpaceChoices = [];
  }
  let secondarySpaces: Cell[] = [];
  if (pattern.secondary) {
    // Rulebook: the secondary pattern starts from the primary's attack space (a Line with nobody
    // in it: from its last square — docs/rules.md "Combined patterns").
    const from =
      patternAttackSpace ?? (primary.attack === 'first-character' ? primary.ordered.at(-1) : undefined);
    if (!from)
      return fail(`the ${pattern.primary.kind} has no attack space to start the secondary pattern from`);
    const secCtx: ShapeContext = {
      width: t.width,
      height: t.height,
      origin: { cell: from, size: 1 },
      self: true,
    };
    const kind = pattern.secondary.kind;
    const secPlacement =
      kind === 'blast' ? { kind, center: from } : kind === 'cross' ? { kind } : placement.secondary;
    if (!secPlacement) return fail(`place the secondary ${kind} (it starts at (${from.x},${from.y}))`);
    const secondary = shapeSquares(secCtx, pattern.secondary, secPlacement);
    if (!secondary.ok) return fail(`secondary ${kind}: ${secondary.reason}`);
    secondarySpaces = secondary.ordered;
  }
  // A single shape never repeats a square (shapeSquares guarantees it), so only a combined
  // pattern needs de-duplicating; skipping it keeps enumerating hundreds of placements cheap.
  let areaSpaces: Cell[] = primary.ordered;
  if (secondarySpaces.length > 0) {
    const seenSquares = new Set<number>();
    areaSpaces = [];
    for (const c of [...primary.ordered, ...secondarySpaces]) {
      const key = c.y * t.width + c.x;
      if (!seenSquares.has(key)) {
        seenSquares.add(key);
        areaSpaces.push(c);
      }
    }
  }
  const hit = new Set<number>();
  for (const c of areaSpaces) {
    const i = grid[c.y * t.width + c.x]!;
    if (i !== 0 && (i !== casterIndex || affectsCaster)) hit.add(i);
  }
  const affected: AffectedCharacter[] = [];
  for (const i of [...hit].sort((a, b) => a - b)) {
    const o = bf.occupants[i - 1]!;
    let seen = cache.cover.get(i);
    if (!seen) {
      const verdict = i === casterIndex ? null : judgePair(t, origin, o, bf);
      seen = { cover: verdict === COVER, lineOfSight: verdict !== BLOCKED };
      cache.cover.set(i, seen);
    }
    const inAttackSpace = attackSpace !== null && footprintsOverlap(attackSpace, 1, o.cell, o.size);
    affected.push({ id: o.id, inAttackSpace, cover: seen.cover, lineOfSight: seen.lineOfSight });
  }
  return { legal: true, attackSpace, attackSpaceChoices, areaSpaces, secondarySpaces, affected };
}

/**
 * Occupant index + 1 of a character standing on `c` that can be the attack space's target (not
 * the caster, not incapacitated: they are immune), or 0.
 */
function targetAt(
  bf: Battlefield,
  grid: Int32Array,
  width: number,
  casterIndex: number,
  c: CellData,
): number {
  const i = grid[c.y * width + c.x]!;
  return i !== 0 && i !== casterIndex && !bf.occupants[i - 1]!.incapacitated ? i : 0;
}
