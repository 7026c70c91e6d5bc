import { describe, expect, it } from 'vitest';
import type { ChatRoll } from '../../../src/schema/chat';
import { iconRollWords, rollMarkdown } from '../../../src/ui/chat/rollWords';

describe('rolls in words', () => {
  it('an ICON save reads as a person says it', () => {
    expect(
      iconRollWords({ save: true, net: 2, d20: 14, d6: [5, 2], bonus: 0, total: 19, success: true }),
    ).toBe('Save: d20 14, 2 boons (d6 5, 2) +5 = 19 — success');
    expect(iconRollWords({ save: true, net: -1, d20: 11, d6: [4], bonus: 0, total: 7, success: false })).toBe(
      'Save: d20 11, 1 curse (d6 4) −4 = 7 — failure',
    );
  });

  it('a check without boons, with a flat bonus', () => {
    expect(iconRollWords({ save: false, net: 0, d20: 8, d6: [], bonus: 3, total: 11 })).toBe(
      'Roll: d20 8, +3 = 11',
    );
    expect(iconRollWords({ save: false, net: 1, d20: 8, d6: [6], bonus: -2, total: 12 })).toBe(
      'Roll: d20 8, 1 boon (d6 6) +6, −2 = 12',
    );
  });

  it('a notation roll in Markdown: every die, dropped ones struck, marks kept, the text between', () => {
    const roll: ChatRoll = {
      notation: '4d6dl1+3',
      parts: [
        {
          notation: '4d6dl1',
          dice: [
            { sides: 6, value: 1, kept: false, marks: 'd' },
            { sides: 6, value: 6, kept: true, marks: '!' },
            { sides: 6, value: 4, kept: true, marks: '' },
            { sides: 6, value: 3, kept: true, marks: '' },
          ],
        },
        { text: ' + 3' },
      ],
      total: 16,
    };
    expect(rollMarkdown(roll)).toBe('4d6dl1+3: 4d6dl1 [~~1~~, 6!, 4, 3] + 3 = **16**');
  });
});
