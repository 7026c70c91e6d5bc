import { describe, expect, it } from 'vitest';
import { IntentResultSchema } from '../../src/schema/intent';

describe('the answer to an intent, as the browser client reads it', () => {
  it('takes an outcome of bounded JSON and a refusal with its reason', () => {
    expect(IntentResultSchema.safeParse({ ok: true, outcome: { kind: 'move', path: [1, 2] } }).success).toBe(
      true,
    );
    expect(IntentResultSchema.safeParse({ ok: false, reason: 'not your turn' }).success).toBe(true);
  });

  it('refuses an outcome nested past the bound, naming it', () => {
    let outcome: unknown = 1;
    for (let i = 0; i < 40; i += 1) outcome = { o: outcome };
    const parsed = IntentResultSchema.safeParse({ ok: true, outcome });
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toContain('nested too deep: at most 32 levels of nesting');
  });
});
