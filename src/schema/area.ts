import { z } from 'zod';

/** The five AoE pattern shapes, in rulebook words. */
export const AREA_KINDS = ['line', 'blast', 'close-blast', 'arc', 'cross'] as const;
export type AreaKind = (typeof AREA_KINDS)[number];

const AREA_NAMES: Record<AreaKind, string> = {
  line: 'Line',
  blast: 'Blast',
  'close-blast': 'Close blast',
  arc: 'Arc',
  cross: 'Cross',
};

/** One shape with its size X ("Blast 2" = kind blast, size 2). */
export const AreaShapeSchema = z.object({
  kind: z.enum(AREA_KINDS),
  size: z.number().int().min(1).max(30),
});
export type AreaShape = z.infer<typeof AreaShapeSchema>;

/**
 * A listed pattern: one shape, or a combined one ("Line 3 + Cross 2") whose secondary shape starts
 * at the primary's attack space and has no attack space of its own.
 */
export const AreaPatternSchema = z.object({
  primary: AreaShapeSchema,
  secondary: AreaShapeSchema.optional(),
});
export type AreaPattern = z.infer<typeof AreaPatternSchema>;

/** "Line 3 + Cross 2" — the rulebook notation, for logs and tooltips. */
export function formatAreaPattern(pattern: AreaPattern): string {
  const one = (shape: AreaShape) => `${AREA_NAMES[shape.kind]} ${shape.size}`;
  return pattern.secondary ? `${one(pattern.primary)} + ${one(pattern.secondary)}` : one(pattern.primary);
}

/** Parses the rulebook notation ("Blast 2", "close blast 1", "Line 3 + Cross 2"); null if it is not one. */
export function parseAreaPattern(text: string): AreaPattern | null {
  const parts = text.split('+').map((part) => part.trim().toLowerCase());
  if (parts.length < 1 || parts.length > 2) return null;
  const shapes: AreaShape[] = [];
  for (const part of parts) {
    const match = /^(line|blast|close[ -]blast|arc|cross)\s+(\d+)$/.exec(part);
    if (!match) return null;
    const kind = match[1]!.replace(' ', '-') as AreaKind;
    shapes.push({ kind, size: Number(match[2]) });
  }
  const [primary, secondary] = shapes;
  return secondary ? { primary: primary!, secondary } : { primary: primary! };
}
