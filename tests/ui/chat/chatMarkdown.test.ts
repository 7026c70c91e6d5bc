import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../src/schema/chat';
import type { LogEntry } from '../../../src/schema/logEntry';
import { LogEntrySchema } from '../../../src/schema/logEntry';
import { logMarkdown } from '../../../src/ui/combat/logMarkdown';

const T0 = Date.UTC(2026, 10, 21, 19, 30, 0);
const entry = (e: Partial<LogEntry> & Pick<LogEntry, 'id' | 'kind' | 'summary'>): LogEntry =>
  LogEntrySchema.parse({ at: T0, actor: 'gm', ...e });
const chat = (e: Partial<ChatMessage> & Pick<ChatMessage, 'id' | 'at'>): ChatMessage => ({
  from: 'Mira',
  character: 'Ash Warden',
  text: '',
  ...e,
});

const LOG = [
  entry({ id: 'a', kind: 'turn', summary: 'Combat starts: round 1, party side first' }),
  entry({ id: 'b', kind: 'move', actor: 'gm', summary: 'Brute moves to (8,3), cost 2', at: T0 + 20_000 }),
];
const CHAT = [
  chat({ id: 'c1', at: T0 + 10_000, text: 'I **charge**! <b>now</b>\n- not a list' }),
  chat({
    id: 'c2',
    at: T0 + 30_000,
    roll: {
      notation: '2d6+3',
      parts: [
        {
          notation: '2d6',
          dice: [
            { sides: 6, value: 4, kept: true, marks: '' },
            { sides: 6, value: 2, kept: true, marks: '' },
          ],
        },
        { text: ' + 3' },
      ],
      total: 9,
    },
  }),
  chat({ id: 'c3', at: T0 + 40_000, text: 'psst', to: { kind: 'gm' } }),
  chat({
    id: 'c4',
    at: T0 + 50_000,
    text: 'Perception',
    roll: {
      notation: 'save 2 boons',
      parts: [],
      total: 19,
      icon: { save: true, net: 2, d20: 14, d6: [5, 2], bonus: 0, total: 19, success: true },
    },
  }),
];

describe('the exported log with chat', () => {
  const md = logMarkdown(LOG, { title: 'Room', chat: CHAT });
  const lines = md.split('\n');

  it('interleaves chat lines and rolls with the log by time', () => {
    const order = ['Combat starts', 'I \\*\\*charge', 'Brute moves', '2d6+3', 'psst', 'Perception'].map((s) =>
      lines.findIndex((l) => l.includes(s)),
    );
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('says who spoke, escapes their words as Markdown text, keeps line breaks without making lists', () => {
    const i = lines.findIndex((l) => l.includes('charge'));
    expect(lines[i]).toBe(
      '- `19:30:10` **Chat** — Mira · Ash Warden: I \\*\\*charge\\*\\*! \\<b\\>now\\</b\\>  ',
    );
    expect(lines[i + 1]).toBe('  \\- not a list');
  });

  it('shows every die and the total of a roll, an ICON roll in words, and whispers labelled', () => {
    expect(md).toContain('**Roll** — Mira · Ash Warden: 2d6+3: 2d6 [4, 2] + 3 = **9**');
    expect(md).toContain('Perception — Save: d20 14, 2 boons (d6 5, 2) +5 = 19 — success');
    expect(md).toContain('— Mira · Ash Warden: psst _(to the GM)_');
  });

  it('a log with only chat is not "No entries"', () => {
    const only = logMarkdown([], { title: 'Room', chat: CHAT.slice(0, 1) });
    expect(only).not.toContain('No entries');
    expect(only).toContain('charge');
  });
});
