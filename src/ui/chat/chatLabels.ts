import type { ChatMessage } from '../../schema/chat';

/** "Mira · Ash Warden": the sender, and the character they speak as. */
export const speakerLabel = (line: Pick<ChatMessage, 'from' | 'character'>): string =>
  line.character ? `${line.from} · ${line.character}` : line.from;

/**
 * Who a whisper or private roll is for, as the reader should see it; null for a line to everyone.
 * The same line reads "whisper to Pat" for the GM and "whisper from the GM" for Pat.
 */
export function audienceLabel(line: Pick<ChatMessage, 'to' | 'roll'>, role: 'gm' | 'player'): string | null {
  const to = line.to;
  if (!to) return null;
  if (to.kind === 'gm') return line.roll ? 'GM only roll' : 'to the GM';
  return role === 'gm' ? `whisper to ${to.name}` : 'whisper from the GM';
}
