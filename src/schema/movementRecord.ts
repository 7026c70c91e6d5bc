import { z } from 'zod';
import { CellSchema } from './cell';
import { boundedList, MAX_MAP_SIDE } from './limits';
import { Amount, DamageApplicationSchema } from './rollRecord';

/** Steps of one path, and squares in one event (a path crosses a map of at most 200×200). */
const MAX_PATH = MAX_MAP_SIDE * 4;
const Step = z.number().int().min(0).max(MAX_PATH);

/** What happened along a path (src/grid movementEvents): dangerous squares, falls, ending on an edge. */
export const MovementEventSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('dangerous'),
    step: Step,
    cell: CellSchema,
    damage: Amount,
    damageType: z.literal('piercing'),
  }),
  z.object({
    kind: z.literal('fall'),
    step: Step,
    cell: CellSchema,
    levels: z.number().int().min(0).max(10),
  }),
  z.object({ kind: z.literal('edge'), step: Step, cells: boundedList(CellSchema, MAX_PATH, 'edge squares') }),
]);

/** Damage one path event dealt to the mover ("Dangerous", "Falling"). */
export const MovementDamageSchema = z.object({
  event: MovementEventSchema,
  application: DamageApplicationSchema,
});

/** A path of footprint positions (north-west squares), in order. */
export const PathSchema = boundedList(CellSchema, MAX_PATH, 'squares in a path');
