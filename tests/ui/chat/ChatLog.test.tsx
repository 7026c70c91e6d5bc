import { renderToString } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../src/schema/chat';
import { ChatLog } from '../../../src/ui/chat/ChatLog';

const at = Date.UTC(2025, 0, 1, 12, 0);
const line = (patch: Partial<ChatMessage>, i: number): ChatMessage => ({
  id: `c${i}`,
  at: at + i * 1000,
  from: 'Mira',
  character: 'Ash Warden',
  text: '',
  ...patch,
});

const lines: ChatMessage[] = [
  line({ text: 'Hello **all**' }, 0),
  line({ text: '<img src=x onerror=alert(1)> <b>bold?</b>' }, 1),
  line(
    {
      text: '',
      roll: {
        notation: '2d6kh1+3',
        parts: [
          {
            notation: '2d6kh1',
            dice: [
              { sides: 6, value: 2, kept: false, marks: 'd' },
              { sides: 6, value: 5, kept: true, marks: '' },
            ],
          },
          { text: ' + 3' },
        ],
        total: 8,
      },
    },
    2,
  ),
  line(
    {
      text: '',
      roll: {
        notation: 'save 2 boons',
        parts: [],
        total: 19,
        icon: { save: true, net: 2, d20: 14, d6: [5, 2], bonus: 0, total: 19, success: true },
      },
    },
    3,
  ),
  line({ text: 'I pocket the ring', to: { kind: 'gm' } }, 4),
  line(
    {
      from: 'GM',
      character: undefined,
      text: 'It hums.',
      to: { kind: 'player', channel: 'aaaaaaaaaaaa', name: 'Pat' },
    },
    5,
  ),
];

describe('the chat log', () => {
  const html = renderToString(<ChatLog lines={lines} role="gm" />);

  it('names the sender and their character', () => {
    expect(html).toContain('Mira · Ash Warden');
  });

  it('formats with elements, and user HTML stays text', () => {
    expect(html).toContain('<strong>all</strong>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)> &lt;b>bold?&lt;/b>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
  });

  it('shows every die, the dropped one struck through, the text between and the total', () => {
    expect(html).toMatch(/2d6kh1\+3/);
    expect(html).toMatch(/<s[^>]*>2<\/s>/);
    expect(html).toContain(' + 3');
    expect(html).toMatch(/= <strong[^>]*>8<\/strong>/);
  });

  it('reads an ICON save as a sentence', () => {
    expect(html).toContain('Save: d20 14, 2 boons (d6 5, 2) +5 = 19 — success');
  });

  it('labels whispers plainly, for the GM and for a player', () => {
    expect(html).toContain('to the GM');
    expect(html).toContain('whisper to Pat');
    const playerHtml = renderToString(<ChatLog lines={lines} role="player" />);
    expect(playerHtml).toContain('whisper from the GM');
  });

  it('renders the newest lines only, with Show earlier for the rest', () => {
    const many = Array.from({ length: 450 }, (_, i) => line({ text: `line ${i}` }, i));
    const out = renderToString(<ChatLog lines={many} role="player" />);
    expect(out.match(/data-testid="chat-line"/g)).toHaveLength(200);
    expect(out).toContain('line 449');
    expect(out).not.toContain('line 249<');
    expect(out).toContain('Show earlier (250 more)');
  });
});
