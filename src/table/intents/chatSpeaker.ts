import type { IntentContext } from './IntentContext';

/**
 * Who speaks in chat, as the server knows them: the link's name, and for a player the character
 * they speak as (the first of their characters on the table, so "Mira (Ash Warden)" reads right).
 */
export function speakerOf(ctx: IntentContext): { from: string; character?: string } {
  const from = ctx.senderName;
  if (ctx.actor.role !== 'player') return { from };
  for (const id of ctx.actor.characterIds) {
    const token = ctx.snapshot.tokens.find((t) => t.id === id);
    if (token) return { from, character: token.name };
  }
  return { from };
}
