import { describe, expect, it } from 'vitest';
import { OUTCOME_KINDS, OutcomeSchema } from '../../../src/schema/outcome';
import { RESULT_VIEWS, resultLines } from '../../../src/ui/combat/resultViews';

const names = (id: string) => ({ ana: 'Ana', husk: 'Hollow Husk' })[id] ?? id;

describe('result views (src/ui/combat/resultViews.ts)', () => {
  it('has a view for every outcome kind the schema lists', () => {
    expect(Object.keys(RESULT_VIEWS).sort()).toEqual([...OUTCOME_KINDS].sort());
  });

  it("lists a move's squares and cost from its outcome", () => {
    const move = OutcomeSchema.parse({
      kind: 'move',
      tokenId: 'ana',
      mode: 'move',
      from: { x: 1, y: 1 },
      to: { x: 3, y: 1 },
      cost: 2,
      budget: 4,
      events: [],
      damage: [],
    });
    expect(resultLines(move, names)).toEqual([
      { label: 'From', value: '(1,1)' },
      { label: 'To', value: '(3,1)' },
      { label: 'Cost', value: '2 of 4 squares' },
    ]);
  });

  it('names the characters a rescue concerns, never their ids', () => {
    const rescue = OutcomeSchema.parse({ kind: 'rescue', tokenId: 'ana', targetId: 'husk', hp: 5 });
    expect(resultLines(rescue, names)).toEqual([{ label: 'Rescued', value: 'Hollow Husk at 5 HP' }]);
  });
});
