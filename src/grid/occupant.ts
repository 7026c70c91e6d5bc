import { z } from 'zod';
import { CellSchema, SideSchema } from '../schema/cell';

/**
 * What the geometry needs to know about a piece on the battlefield. `cell` is the north-west square
 * of its Size×Size footprint; elevation is not stored but read from the map (see `elevationOf`).
 */
export const OccupantSchema = z.object({
  id: z.string().min(1),
  /** The name people read in a reason ("Hollow Husk 2 is in the way"); the id when absent. */
  name: z.string().optional(),
  cell: CellSchema,
  size: z.number().int().min(1).max(10),
  side: SideSchema,
  /** Incapacitated characters neither engage nor obstruct (rulebook: Victory and defeat). */
  incapacitated: z.boolean().default(false),
  /** Flies: crosses edges, pays nothing to climb, never falls (docs/rules.md "Flying and phasing"). */
  flying: z.boolean().optional(),
  /** Phases: moves through impassable squares, but never stops inside one. */
  phasing: z.boolean().optional(),
});
export type Occupant = z.infer<typeof OccupantSchema>;
export type OccupantInput = z.input<typeof OccupantSchema>;

/** What a reason calls an occupant: its name, or its id when the caller gave none. */
export function nameOf(o: Pick<Occupant, 'id' | 'name'>): string {
  return o.name ?? o.id;
}

/** Any two different sides are hostile. */
export function areHostile(a: Pick<Occupant, 'side'>, b: Pick<Occupant, 'side'>): boolean {
  return a.side !== b.side;
}
