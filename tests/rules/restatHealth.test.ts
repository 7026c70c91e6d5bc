import { describe, expect, it } from 'vitest';
import { restatHealth } from '../../src/rules/restatHealth';

const settings = { maxVigorHealthMultiple: 4 };
const state = (hp: number, extra: Partial<{ vigor: number; wounds: number; defeated: boolean }> = {}) => ({
  hp,
  vigor: 0,
  wounds: 0,
  defeated: false,
  ...extra,
});

describe('restatHealth: a changed Health keeps the damage already taken (docs/rules.md)', () => {
  it('a foe at full HP is at the new full HP', () => {
    expect(restatHealth(state(32), 8, 10, settings)).toMatchObject({ hp: 40 });
    expect(restatHealth(state(40), 10, 5, settings)).toMatchObject({ hp: 20 });
  });

  it('damage taken stays taken: 32/40 with Health 10 → 12 is 40/48', () => {
    expect(restatHealth(state(32), 10, 12, settings)).toMatchObject({ hp: 40 });
  });

  it('a lower Health never defeats a standing character: at least 1 HP', () => {
    expect(restatHealth(state(5), 10, 2, settings)).toMatchObject({ hp: 1 });
  });

  it('a defeated character stays at 0 HP; wounds still take Health off the max', () => {
    expect(restatHealth(state(0, { defeated: true }), 10, 12, settings)).toMatchObject({ hp: 0 });
    // 1 wound: max 30 → 36 (Health 12); 20 HP had 10 damage taken → 26.
    expect(restatHealth(state(20, { wounds: 1 }), 10, 12, settings)).toMatchObject({ hp: 26 });
  });

  it('vigor is kept up to the new max vigor', () => {
    expect(restatHealth(state(40, { vigor: 30 }), 10, 5, settings)).toMatchObject({ hp: 20, vigor: 20 });
    expect(restatHealth(state(40, { vigor: 10 }), 10, 12, settings)).toMatchObject({ vigor: 10 });
  });

  it('the same Health changes nothing', () => {
    expect(restatHealth(state(13, { vigor: 4 }), 10, 10, settings)).toEqual(state(13, { vigor: 4 }));
  });
});
