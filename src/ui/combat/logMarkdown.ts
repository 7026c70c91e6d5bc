import type { ChatMessage, LogEntry } from '../../schema/logEntry';
import { chatMarkdown } from '../chat/chatMarkdown';
import type { LogScenes } from './logScenes';

/** Options for the Markdown export of a fight's log. */
export interface LogMarkdownOptions {
  /** Heading of the document (the room name). */
  title: string;
  /** Token id → display name, so actors read as names rather than ids. */
  names?: Readonly<Record<string, string>>;
  /** Include GM-only entries (the GM's own export); players never have them anyway. */
  includeGmOnly?: boolean;
  /** Time zone for the clock column; 'UTC' keeps exports (and tests) stable. */
  timeZone?: string;
  /** Chat lines and rolls, interleaved with the entries by time (only what this reader can see). */
  chat?: readonly ChatMessage[];
  /** The scene of each entry and its name (`logScenes`): a log of several scenes has a heading per scene. */
  scenes?: LogScenes;
}

const KIND_LABEL: Record<LogEntry['kind'], string> = {
  move: 'Move',
  attack: 'Attack',
  area: 'Area',
  save: 'Save',
  damage: 'Damage',
  status: 'Status',
  turn: 'Turn',
  'basic-action': 'Action',
  reveal: 'Reveal',
  gm: 'GM',
  note: 'Note',
};

/** Markdown treats these as syntax at the start of a line or inline; escape them in free text. */
function escapeInline(text: string): string {
  return text.replace(/([\\`*_[\]<>|#])/g, '\\$1');
}

function clock(at: number, timeZone: string): string {
  return new Date(at).toLocaleTimeString('en-GB', { hour12: false, timeZone });
}

function diceLine(dice: LogEntry['dice']): string {
  return dice.map(([sides, result]) => `d${sides}=${result}`).join(', ');
}

/**
 * The actor's name to print before a log summary, or null when the summary already starts with
 * it ("Maren (Stalwart) starts their turn" is not prefixed with "Maren (Stalwart)" again).
 */
export function actorPrefix(actorName: string, summary: string): string | null {
  if (!summary.startsWith(actorName)) return actorName;
  const next = summary.charAt(actorName.length);
  // "Ana" must not swallow the start of "Anastasia uses …".
  return next === '' || !/[\p{L}\p{N}]/u.test(next) ? null : actorName;
}

/**
 * The log of a fight as a Markdown document: one section per round (a "Round N begins" or
 * "Combat starts" turn entry opens a new one), one bullet per entry with time, kind, actor and
 * summary; its details (every die, modifier and damage step) as an indented code block, so the
 * arithmetic keeps its alignment; and the raw dice in rolling order. A log of several scenes
 * (`opts.scenes`) has a "## <scene>" heading wherever the scene changes, in the log's order (a
 * scene the party came back to gets another), and its rounds one level below.
 */
export function logMarkdown(entries: readonly LogEntry[], opts: LogMarkdownOptions): string {
  const timeZone = opts.timeZone ?? 'UTC';
  const names = opts.names ?? {};
  const shown = entries.filter((e) => opts.includeGmOnly || !e.gmOnly);
  const out: string[] = [`# ${escapeInline(opts.title)} — combat log`, ''];
  const chat = opts.chat ?? [];
  if (shown.length === 0 && chat.length === 0) {
    out.push('_No entries._', '');
    return out.join('\n');
  }
  const chatStyle = {
    escape: escapeInline,
    clock: (at: number) => clock(at, timeZone),
    role: opts.includeGmOnly ? ('gm' as const) : ('player' as const),
  };
  let next = 0; // the next chat line to print: each goes before the first entry that is later
  const chatUntil = (at: number): void => {
    for (; next < chat.length && chat[next]!.at <= at; next++)
      out.push(...chatMarkdown(chat[next]!, chatStyle));
  };
  const scenes = opts.scenes;
  const bySceneHeading = !!scenes && new Set(shown.map(scenes.keyOf)).size > 1;
  let scene: string | null = null;
  const heading = (text: string): void => {
    if (out[out.length - 1] !== '') out.push('');
    out.push(text, '');
  };
  for (const entry of shown) {
    chatUntil(entry.at);
    if (bySceneHeading && scenes.keyOf(entry) !== scene) {
      scene = scenes.keyOf(entry);
      heading(`## ${escapeInline(scenes.nameOf(scene))}`);
    }
    const opensRound = entry.kind === 'turn' && /^(Round \d+ begins|Combat starts)/.test(entry.summary);
    if (opensRound) {
      const round = /Round (\d+)/.exec(entry.summary)?.[1] ?? '1';
      heading(`${bySceneHeading ? '###' : '##'} Round ${round}`);
    }
    const actor = entry.actor === 'gm' ? 'GM' : (names[entry.actor] ?? entry.actor);
    const secret = `${entry.pending && entry.pending.status !== 'applied' ? ` _(${entry.pending.status === 'pending' ? 'waiting for Apply' : 'discarded'})_` : ''}${entry.gmOnly ? ' _(GM only)_' : ''}`;
    const prefix = actorPrefix(actor, entry.summary);
    out.push(
      `- \`${clock(entry.at, timeZone)}\` **${KIND_LABEL[entry.kind]}** — ${prefix ? `${escapeInline(prefix)}: ` : ''}${escapeInline(entry.summary)}${secret}`,
    );
    if (entry.details.length > 0) {
      out.push('', '  ```text', ...entry.details.map((line) => `  ${line}`), '  ```');
    }
    if (entry.dice.length > 0) out.push('', `  Dice: ${diceLine(entry.dice)}`);
    if (entry.details.length > 0 || entry.dice.length > 0) out.push('');
  }
  chatUntil(Infinity);
  if (out[out.length - 1] !== '') out.push('');
  return out.join('\n');
}
