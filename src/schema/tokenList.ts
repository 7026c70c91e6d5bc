import { z } from 'zod';
import { boundedList, MAX_TOKENS } from './limits';
import { TokenSchema } from './token';
import { DrawingSchema, MAX_DRAWINGS } from './drawing';

/** Tokens of one document (a room file's part, a kept scene): ids used once. */
export const TokenListSchema = boundedList(TokenSchema, MAX_TOKENS, 'tokens').superRefine((tokens, ctx) => {
  const seen = new Set<string>();
  tokens.forEach((t, i) => {
    if (seen.has(t.id))
      ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `token id '${t.id}' is used twice` });
    seen.add(t.id);
  });
});

/** One layer's drawings (issue 15): every one on `layer`, at most MAX_DRAWINGS. */
export const drawingList = (layer: 'table' | 'gm') =>
  boundedList(
    DrawingSchema.extend({ layer: z.literal(layer, `the ${layer === 'gm' ? "GM's" : 'table'} layer`) }),
    MAX_DRAWINGS,
    'drawings',
  ).default([]);
