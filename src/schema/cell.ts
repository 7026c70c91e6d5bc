import { z } from 'zod';
import { MAX_MAP_SIDE } from './limits';

const Coordinate = z
  .number()
  .int()
  .min(0)
  .max(MAX_MAP_SIDE - 1, `a square is inside a map of at most ${MAX_MAP_SIDE}×${MAX_MAP_SIDE}`);

/**
 * A grid square as stored in files and documents: integer column `x` (0 = west edge) and row `y`
 * (0 = north edge). `src/grid/` brands it as `Cell` once validated.
 */
export const CellSchema = z.object({ x: Coordinate, y: Coordinate });
export type CellData = z.infer<typeof CellSchema>;

/** Which side a combatant fights on; any two different sides are hostile to each other. */
export const SideSchema = z.enum(['party', 'foes']);
export type Side = z.infer<typeof SideSchema>;
