import { describe, expect, it } from 'vitest';
import { chatCommandOf, type ChatCommandContext } from '../../../src/ui/chat/chatCommand';

const player: ChatCommandContext = { role: 'player', players: [] };
const gm: ChatCommandContext = {
  role: 'gm',
  players: [
    { name: 'Pat', channel: 'aaaaaaaaaaaa' },
    { name: 'Pat Smith', channel: 'bbbbbbbbbbbb' },
    { name: 'Robin', channel: 'cccccccccccc' },
  ],
};

describe('a typed line → an intent', () => {
  it('plain text is a chat line to everyone, its line breaks kept, its ends trimmed', () => {
    expect(chatCommandOf('  hello\nthere  ', player)).toEqual({
      kind: 'send',
      intent: { kind: 'chat', text: 'hello\nthere' },
    });
  });

  it('plain text follows the To choice', () => {
    expect(chatCommandOf('psst', { ...player, to: { kind: 'gm' } })).toEqual({
      kind: 'send',
      intent: { kind: 'chat', text: 'psst', to: { kind: 'gm' } },
    });
  });

  it('nothing typed sends nothing', () => {
    expect(chatCommandOf('   \n ', player)).toEqual({ kind: 'empty' });
  });

  it('/r and /roll roll dice notation, with a label after #', () => {
    expect(chatCommandOf('/r 2d6+3', player)).toEqual({
      kind: 'send',
      intent: { kind: 'roll', notation: '2d6+3' },
    });
    expect(chatCommandOf('/roll 4d6dl1 # Strength', player)).toEqual({
      kind: 'send',
      intent: { kind: 'roll', notation: '4d6dl1', label: 'Strength' },
    });
    expect(chatCommandOf('/R save 1 curse', player)).toEqual({
      kind: 'send',
      intent: { kind: 'roll', notation: 'save 1 curse' },
    });
  });

  it('a roll follows the To choice too', () => {
    expect(chatCommandOf('/r d20', { ...player, to: { kind: 'gm' } })).toEqual({
      kind: 'send',
      intent: { kind: 'roll', notation: 'd20', to: { kind: 'gm' } },
    });
  });

  it('/r without dice says what to type', () => {
    const out = chatCommandOf('/r', player);
    expect(out.kind).toBe('error');
    expect(out.kind === 'error' && out.reason).toMatch(/\/r 2d6\+3/);
  });

  it('a notation longer than a roll accepts is refused before sending', () => {
    const out = chatCommandOf(`/r ${'1+'.repeat(150)}1`, player);
    expect(out).toEqual({ kind: 'error', reason: expect.stringMatching(/at most 200 characters/) });
  });

  it('/gmr rolls for the GM only', () => {
    expect(chatCommandOf('/gmr 1d20+4', gm)).toEqual({
      kind: 'send',
      intent: { kind: 'roll', notation: '1d20+4', to: { kind: 'gm' } },
    });
  });

  it('/w gm whispers to the GM', () => {
    expect(chatCommandOf('/w gm I pocket the ring', player)).toEqual({
      kind: 'send',
      intent: { kind: 'chat', text: 'I pocket the ring', to: { kind: 'gm' } },
    });
    expect(chatCommandOf('/whisper GM hi', player)).toEqual({
      kind: 'send',
      intent: { kind: 'chat', text: 'hi', to: { kind: 'gm' } },
    });
  });

  it('a player whispers to the GM only', () => {
    expect(chatCommandOf('/w Robin hi', player)).toEqual({
      kind: 'error',
      reason: expect.stringMatching(/whisper to the GM only/),
    });
  });

  it('the GM whispers to a player by invite name, the longest name that fits', () => {
    expect(chatCommandOf('/w pat smith the door is a mimic', gm)).toEqual({
      kind: 'send',
      intent: { kind: 'chat', text: 'the door is a mimic', to: { kind: 'player', channel: 'bbbbbbbbbbbb' } },
    });
    expect(chatCommandOf('/w Pat you hear a click', gm)).toEqual({
      kind: 'send',
      intent: { kind: 'chat', text: 'you hear a click', to: { kind: 'player', channel: 'aaaaaaaaaaaa' } },
    });
  });

  it('an unknown player is named with the players there are', () => {
    expect(chatCommandOf('/w Sam hi', gm)).toEqual({
      kind: 'error',
      reason: 'No player is called “Sam”: whisper to Pat, Pat Smith or Robin.',
    });
  });

  it('a whisper needs words', () => {
    expect(chatCommandOf('/w gm', player).kind).toBe('error');
    expect(chatCommandOf('/w Robin', gm).kind).toBe('error');
  });

  it('/help lists the commands (no intent); unknown commands point at it', () => {
    expect(chatCommandOf('/help', player)).toEqual({ kind: 'help' });
    expect(chatCommandOf('/frobnicate 3', player)).toEqual({
      kind: 'error',
      reason: 'There is no command /frobnicate: type /help for the list.',
    });
  });

  it('// starts a line that begins with a slash', () => {
    expect(chatCommandOf('//r is how you roll', player)).toEqual({
      kind: 'send',
      intent: { kind: 'chat', text: '/r is how you roll' },
    });
  });

  it('a line longer than a chat line holds is refused before sending', () => {
    const out = chatCommandOf('x'.repeat(2001), player);
    expect(out).toEqual({ kind: 'error', reason: expect.stringMatching(/at most 2,000 characters/) });
  });
});
