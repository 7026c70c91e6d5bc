import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issueSentence, plainIssue } from '../../src/schema/issueSentence';
import { TokenSchema } from '../../src/schema/token';

/** The first issue `schema` finds in `value`. */
function firstIssue(schema: z.ZodType, value: unknown) {
  const r = schema.safeParse(value);
  if (r.success) throw new Error('expected a failure');
  return r.error.issues[0]!;
}

const token = { id: 'sentry-1', name: 'Temple Sentry', cell: { x: 0, y: 0 }, size: 1, side: 'foes' };

describe('schema errors as sentences (issue 12, dead end 8)', () => {
  it('a too long token name reads "Name: at most 80 characters"', () => {
    expect(issueSentence(firstIssue(TokenSchema, { ...token, name: 'x'.repeat(81) }))).toBe(
      'Name: at most 80 characters',
    );
  });

  it.each([
    ['empty text', z.object({ name: z.string().min(1) }), { name: '' }, 'Name: cannot be empty'],
    ['short text', z.object({ name: z.string().min(3) }), { name: 'ab' }, 'Name: at least 3 characters'],
    ['a missing field', z.object({ speed: z.number() }), {}, 'Speed: missing'],
    ['text for a number', z.object({ speed: z.number() }), { speed: 'x' }, 'Speed: must be a number'],
    ['a fraction', z.object({ size: z.number().int() }), { size: 1.5 }, 'Size: must be a whole number'],
    [
      'a low number',
      z.object({ cell: z.object({ x: z.number().min(0) }) }),
      { cell: { x: -1 } },
      'Cell x: at least 0',
    ],
    ['a high number', z.object({ size: z.number().max(5) }), { size: 6 }, 'Size: at most 5'],
    [
      'a long list',
      z.object({ ownerIds: z.array(z.string()).max(1) }),
      { ownerIds: ['a', 'b'] },
      'Owner ids: at most 1 item',
    ],
    ['an empty list', z.object({ path: z.array(z.number()).min(1) }), { path: [] }, 'Path: at least 1 item'],
    ['a choice', z.object({ side: z.enum(['party', 'foes']) }), { side: 'x' }, 'Side: must be party or foes'],
    [
      'a list entry',
      z.object({ abilities: z.array(z.object({ cost: z.number() })) }),
      { abilities: [{ cost: 'x' }] },
      'Abilities 1 cost: must be a number',
    ],
    ['an unknown field', z.strictObject({ a: z.number() }), { a: 1, b: 2 }, 'unknown field b'],
    ['a boolean', z.object({ hidden: z.boolean() }), { hidden: 'yes' }, 'Hidden: must be true or false'],
  ])('%s', (_what, schema, value, sentence) => {
    const text = issueSentence(firstIssue(schema, value));
    expect(text).toBe(sentence);
    expect(text).not.toMatch(/expected|Too big|Too small|Invalid|received|[<>]=/);
  });

  it('keeps a message a schema wrote itself', () => {
    const schema = z.object({ squares: z.number().min(1, 'a forced move is at least 1 square') });
    expect(plainIssue(firstIssue(schema, { squares: 0 }))).toBe('a forced move is at least 1 square');
  });
});
