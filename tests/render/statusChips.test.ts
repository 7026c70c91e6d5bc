import { describe, expect, it } from 'vitest';
import { statusChipLabels } from '../../src/render/statusChips';

describe('status chips on a token (issue 32)', () => {
  it('shows every status that fits, else the first ones and "+N" for the rest', () => {
    expect(statusChipLabels(['dazed'], 1)).toEqual(['DA']);
    expect(statusChipLabels(['dazed', 'slow'], 1)).toEqual(['DA', '+1']);
    expect(statusChipLabels(['dazed', 'slow'], 2)).toEqual(['DA', 'SL']);
    expect(statusChipLabels(['dazed', 'slow', 'weakened', 'blinded'], 3)).toEqual(['DA', 'SL', '+2']);
    expect(statusChipLabels([], 3)).toEqual([]);
  });
});
