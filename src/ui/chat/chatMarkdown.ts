import type { ChatMessage } from '../../schema/chat';
import { audienceLabel, speakerLabel } from './chatLabels';
import { rollMarkdown } from './rollWords';

/** How the log export writes free text and the clock (src/ui/combat/logMarkdown.ts). */
export interface ChatMarkdownStyle {
  readonly escape: (text: string) => string;
  readonly clock: (at: number) => string;
  readonly role: 'gm' | 'player';
}

/**
 * Text that starts a line of a list item: escaped inline, and a leading "-", "+", ">" or "1." is
 * escaped too, so a typed line break never starts a list or a quote in the export.
 */
function escapeLine(text: string, escape: (t: string) => string): string {
  return escape(text).replace(/^(\s*)([-+=>]|\d+[.)])/, '$1\\$2');
}

/**
 * One chat line as a bullet of the exported log: time, Chat or Roll, who spoke, the words
 * (escaped as Markdown text, line breaks kept as hard breaks inside the bullet), the roll with
 * every die, and who a whisper was for.
 */
export function chatMarkdown(line: ChatMessage, style: ChatMarkdownStyle): string[] {
  const audience = audienceLabel(line, style.role);
  const tail = audience ? ` _(${audience})_` : '';
  const head = `- \`${style.clock(line.at)}\` **${line.roll ? 'Roll' : 'Chat'}** — ${style.escape(speakerLabel(line))}: `;
  if (line.roll) {
    const label = line.text ? `${style.escape(line.text)} — ` : '';
    return [`${head}${label}${rollMarkdown(line.roll, style.escape)}${tail}`];
  }
  const [first = '', ...rest] = line.text.split('\n').map((l) => escapeLine(l, style.escape));
  if (rest.length === 0) return [`${head}${first}${tail}`];
  // Two trailing spaces: a Markdown hard break; the indent keeps the next line in the bullet.
  return [`${head}${first}  `, ...rest.map((l, i) => `  ${l}${i === rest.length - 1 ? tail : '  '}`)];
}
