import type { IntentContext } from './IntentContext';

/** The token's name when its stat block is public (a PC, a foe shown with stats), else null. */
export function nameIfStatsShown(ctx: IntentContext): (tokenId: string) => string | null {
  return (tokenId) => {
    const token = ctx.snapshot.tokensById[tokenId];
    return token && !token.statsHidden ? token.name : null;
  };
}
