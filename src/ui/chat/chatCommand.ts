import type { ChannelId, ChatTarget } from '../../schema/chat';
import { MAX_NOTATION_CHARS } from '../../schema/chat';
import type { IntentOf } from '../../schema/intent';
import { MAX_TEXT_CHARS } from '../../schema/limits';

/** What the composer knows when it reads a line: who types, who they may whisper to, the To choice. */
export interface ChatCommandContext {
  readonly role: 'gm' | 'player';
  /** The room's players by invite name (the GM's whisper targets). */
  readonly players: readonly { readonly name: string; readonly channel: ChannelId }[];
  /** The composer's "To" choice; absent = everyone. */
  readonly to?: ChatTarget;
}

export type ChatCommand =
  | { kind: 'send'; intent: IntentOf<'chat'> | IntentOf<'roll'> }
  | { kind: 'help' }
  | { kind: 'empty' }
  | { kind: 'error'; reason: string };

/** The commands as /help lists them: what to type, and what it does. */
export function chatCommandHelp(role: 'gm' | 'player'): Array<[string, string]> {
  return [
    ['/r 2d6+3', 'Roll dice (also /roll): any dice notation, e.g. d20, 3d6kh1, 4d6dl1'],
    ['/r save, /r 2 boons', 'An ICON save (d20, 10 or more succeeds) or a d20 with boons or curses'],
    ['/r 1d20+4 # Athletics', 'A roll with a label after #'],
    ['/gmr 1d20', role === 'gm' ? 'Roll where only you see it' : 'Roll where only the GM (and you) see it'],
    role === 'gm'
      ? ['/w Pat …', 'Whisper to a player by their invite name']
      : ['/w gm …', 'Whisper to the GM'],
    ['//…', 'Say a line that starts with a slash'],
    ['Enter · Shift+Enter · ↑', 'Send · new line · your last line again'],
  ];
}

/** The roll intent's bound on its label (RollIntentSchema, src/schema/actions/talk.ts). */
const MAX_LABEL_CHARS = 200;

const plural = (n: number, word: string): string =>
  `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** `/r <notation> [# label]` (and /gmr): the roll intent, or why not. */
function rollOf(command: string, rest: string, to: ChatTarget | undefined): ChatCommand {
  const hash = rest.indexOf('#');
  const notation = (hash < 0 ? rest : rest.slice(0, hash)).trim();
  const label = hash < 0 ? '' : rest.slice(hash + 1).trim();
  if (!notation)
    return { kind: 'error', reason: `Type dice after ${command}, for example ${command} 2d6+3.` };
  if (notation.length > MAX_NOTATION_CHARS)
    return { kind: 'error', reason: `Dice notation is at most ${plural(MAX_NOTATION_CHARS, 'character')}.` };
  if (label.length > MAX_LABEL_CHARS)
    return { kind: 'error', reason: `A roll's label is at most ${plural(MAX_LABEL_CHARS, 'character')}.` };
  return {
    kind: 'send',
    intent: { kind: 'roll', notation, ...(label ? { label } : {}), ...(to ? { to } : {}) },
  };
}

/** `/w gm …` (anyone) or `/w <player name> …` (GM): the whisper, or why not. */
function whisperOf(rest: string, ctx: ChatCommandContext): ChatCommand {
  const lower = rest.toLowerCase();
  const startsWithName = (name: string): boolean =>
    lower.startsWith(name.toLowerCase()) && /^(\s|$)/.test(rest.slice(name.length));
  let to: ChatTarget;
  let words: string;
  if (ctx.role === 'player') {
    if (!startsWithName('gm')) return { kind: 'error', reason: 'Players whisper to the GM only: /w gm …' };
    to = { kind: 'gm' };
    words = rest.slice(2);
  } else {
    // Names may hold spaces ("Pat Smith"): the longest invite name the line starts with wins.
    const match = [...ctx.players]
      .sort((a, b) => b.name.length - a.name.length)
      .find((p) => startsWithName(p.name));
    if (!match) {
      const asked = rest.split(/\s/)[0] ?? '';
      const names = ctx.players.map((p) => p.name);
      const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0];
      return {
        kind: 'error',
        reason: list
          ? `No player is called “${asked}”: whisper to ${list}.`
          : 'No player has an invite yet: make one under Invite players first.',
      };
    }
    to = { kind: 'player', channel: match.channel };
    words = rest.slice(match.name.length);
  }
  const text = words.trim();
  if (!text) return { kind: 'error', reason: 'Type the words after the name: /w gm I search the chest.' };
  return { kind: 'send', intent: { kind: 'chat', text, to } };
}

/**
 * A line from the chat field → what to do with it (docs/ui.md "Chat"): plain text is said (to the
 * To choice), `/r` and `/roll` roll dice, `/gmr` rolls for the GM only, `/w` whispers, `/help`
 * lists the commands, `//` starts a line with a slash. Bounds are checked here so a line the
 * server would refuse for its length is explained before it is sent; the server checks again.
 */
export function chatCommandOf(line: string, ctx: ChatCommandContext): ChatCommand {
  const trimmed = line.trim();
  if (!trimmed) return { kind: 'empty' };
  const say = (text: string): ChatCommand =>
    text.length > MAX_TEXT_CHARS
      ? { kind: 'error', reason: `A chat line is at most ${plural(MAX_TEXT_CHARS, 'character')}.` }
      : { kind: 'send', intent: { kind: 'chat', text, ...(ctx.to ? { to: ctx.to } : {}) } };
  if (!trimmed.startsWith('/')) return say(trimmed);
  if (trimmed.startsWith('//')) return say(trimmed.slice(1));
  const [, name = '', rest = ''] = /^\/(\S*)\s*([\s\S]*)$/.exec(trimmed) ?? [];
  switch (name.toLowerCase()) {
    case 'r':
    case 'roll':
      return rollOf(`/${name.toLowerCase()}`, rest, ctx.to);
    case 'gmr':
      return rollOf('/gmr', rest, { kind: 'gm' });
    case 'w':
    case 'whisper':
      return whisperOf(rest, ctx);
    case 'help':
    case '?':
      return { kind: 'help' };
    default:
      return { kind: 'error', reason: `There is no command /${name}: type /help for the list.` };
  }
}
