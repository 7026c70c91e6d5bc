import type { CellData } from '../../schema/cell';
import type { Direction } from '../cell';

/**
 * Where the player put one shape of a pattern. Which variant applies follows the shape's kind:
 * - line: `start` is the first square (next to the origin), `direction` the way it runs;
 * - blast / close-blast: `center` is the central square;
 * - arc: `squares` in the order they were placed (the last one is the attack space);
 * - cross: `center` only when the ability lists a range; otherwise it is drawn from the origin.
 */
export type ShapePlacement =
  | { kind: 'line'; start: CellData; direction: Direction }
  | { kind: 'blast'; center: CellData }
  | { kind: 'close-blast'; center: CellData }
  | { kind: 'arc'; squares: CellData[] }
  | { kind: 'cross'; center?: CellData };

/** A whole pattern's placement. `secondary` is only needed for secondary lines, arcs and close blasts. */
export interface AreaPlacement {
  primary: ShapePlacement;
  secondary?: ShapePlacement;
}

export interface AreaOptions {
  /** The ability's listed range in squares; leave out when none is listed. */
  range?: number;
  /** The ability's target is "(self)": the pattern is drawn from the caster and may cover it. */
  self?: boolean;
  /**
   * A ranged attack's height bonus applies to the listed range: +1 per level the origin stands
   * above the placed square (its ground, as for a Size 1 character there). Rulebook: Height
   * advantage; docs/rules.md "Ranged areas and effects".
   */
  heightRange?: boolean;
}
