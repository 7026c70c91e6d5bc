import type { MovementMode } from '../grid/movementModel';
import type { Combatant } from '../schema/combatant';
import type { StatBlock } from '../schema/statBlock';
import type { StatusCatalog } from '../schema/status';
import { findStatus } from './statuses';

/** Trait names that make a character fly or phase (case and surrounding spaces ignored). */
const FLYING_TRAITS = new Set(['flying', 'flight', 'flier', 'flyer']);
const PHASING_TRAITS = new Set(['phasing', 'phase', 'phaser']);

/**
 * How a character moves (rulebook: Edges, "Flying characters…"; Impassable, "…except phasing"):
 * a passive trait named Flying / Phasing on its stat block, or a status from the room's catalog
 * that grants it (docs/rules.md "Flying and phasing at the table").
 */
export function movementModeOf(
  who: { statBlock: Pick<StatBlock, 'traits'> | null; statuses?: Combatant['statuses'] },
  catalog: StatusCatalog,
): Required<MovementMode> {
  const traits = (who.statBlock?.traits ?? []).map((t) => t.name.trim().toLowerCase());
  const statuses = (who.statuses ?? []).flatMap((s) => findStatus(catalog, s.id) ?? []);
  return {
    flying: traits.some((t) => FLYING_TRAITS.has(t)) || statuses.some((s) => s.grantsFlying),
    phasing: traits.some((t) => PHASING_TRAITS.has(t)) || statuses.some((s) => s.grantsPhasing),
  };
}
