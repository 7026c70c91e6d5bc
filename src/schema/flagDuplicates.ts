import type { z } from 'zod';

/**
 * A superRefine check that flags every repeat of `items[i][field]` at `[list, i, field]` ("'x' is
 * used twice"). It reads the raw input defensively, so it can run (with `when`) even when other
 * fields failed and every problem is reported at once.
 */
export function flagDuplicates(list: string, field: string) {
  return (parsed: unknown, ctx: z.RefinementCtx): void => {
    const items: unknown = (parsed as Record<string, unknown>)[list];
    if (!Array.isArray(items)) return;
    const seen = new Set<string>();
    items.forEach((item: unknown, i) => {
      const key =
        typeof item === 'object' && item !== null ? (item as Record<string, unknown>)[field] : undefined;
      if (typeof key !== 'string') return;
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: [list, i, field], message: `'${key}' is used twice` });
      seen.add(key);
    });
  };
}

/** Runs a refinement whenever the input is an object, even if other fields failed. */
export const WHEN_OBJECT = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};
