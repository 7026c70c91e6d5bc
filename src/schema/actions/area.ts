import { z } from 'zod';
import { CellSchema } from '../cell';
import { boundedList, MAX_TOKENS } from '../limits';
import { RollModifierSchema } from '../modifier';
import { AttackOutcomeSchema, EffectOutcomeSchema, OutcomeId } from '../rollRecord';
import { TerrainHits } from './attack';
import { Cells, Id, Name, ShoveDirection } from './common';
import { Forced } from './forceMove';

const DirectionSchema = z.enum(['north', 'east', 'south', 'west']);

/**
 * Where one shape of an area pattern is put (the grid's ShapePlacement): Line by its first square
 * and direction, Blast/Close blast by centre, Arc square by square, Cross by centre (when ranged).
 */
export const ShapePlacementSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('line'), start: CellSchema, direction: DirectionSchema }),
  z.object({ kind: z.literal('blast'), center: CellSchema }),
  z.object({ kind: z.literal('close-blast'), center: CellSchema }),
  z.object({ kind: z.literal('arc'), squares: z.array(CellSchema).min(1).max(60) }),
  z.object({ kind: z.literal('cross'), center: CellSchema.optional() }),
]);

/** An area ability placed on the map (Line, Blast, Close blast, Arc, Cross, combined). */
export const AreaIntentSchema = z.object({
  kind: z.literal('area'),
  casterId: Id,
  abilityId: Id,
  placement: z.object({ primary: ShapePlacementSchema, secondary: ShapePlacementSchema.optional() }),
  /** For a Cross with no listed range: which tied square is the attack space (attacker's choice). */
  attackSpace: CellSchema.optional(),
  modifiers: z.array(RollModifierSchema).max(10).default([]),
  ...ShoveDirection,
});

/** An area ability ("Area of effect"): the pattern placed, the attack part, the area effects. */
export const AreaOutcomeSchema = z.object({
  kind: z.literal('area'),
  ability: Name,
  casterId: OutcomeId,
  pattern: Name,
  attackSpace: CellSchema.nullable(),
  areaSpaces: Cells('area squares'),
  affected: boundedList(
    z.object({ id: OutcomeId, inAttackSpace: z.boolean(), cover: z.boolean(), lineOfSight: z.boolean() }),
    MAX_TOKENS,
    'affected characters',
  ),
  attack: AttackOutcomeSchema.nullable(),
  areaEffects: boundedList(EffectOutcomeSchema, MAX_TOKENS, 'area effects'),
  ...Forced,
  /** Destructible squares in the area that took damage (absent in older entries). */
  terrain: TerrainHits.optional(),
});
