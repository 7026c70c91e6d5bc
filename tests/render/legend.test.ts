import { describe, expect, it } from 'vitest';
import { legendEntries } from '../../src/render/Legend';
import { SPACE_STYLES } from '../../src/render/heightRamp';
import { SPACE_KINDS } from '../../src/render/TerrainGrid';

describe('legend', () => {
  it('every non-ground space type has its own pattern, and the legend lists each one', () => {
    const special = SPACE_KINDS.filter((k) => k !== 'ground');
    const patterns = special.map((k) => SPACE_STYLES[k].pattern);
    expect(new Set(patterns).size).toBe(special.length);
    expect(patterns).not.toContain('none');
    const keys = legendEntries().map((e) => e.key);
    for (const k of SPACE_KINDS) expect(keys).toContain(`space-${k}`);
    expect(keys).toEqual(
      expect.arrayContaining(['height-1', 'height-2', 'height-3', 'destructible', 'side-party', 'side-foes']),
    );
  });
});
