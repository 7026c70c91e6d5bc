import type { InterruptOffer } from '../schema/interruptOffer';
import type { TableState, TokenView } from './snapshot';

/**
 * The offers a character may still take up (docs/table.md "Interrupt offers"): those made during
 * the turn in progress (or, after a turn ended, until the next one starts). Outside combat none.
 */
export function pendingOffers(
  state: Pick<TableState, 'offers' | 'turn'>,
  tokenId: string,
): readonly InterruptOffer[] {
  const order = state.turn;
  if (!order) return [];
  return (state.offers[tokenId] ?? []).filter((o) => o.turnSerial === order.turnSerial);
}

/**
 * Whether a character's offers stay GM-side (the secrets doc): a foe's or any character no player
 * commands, a hidden one, or one whose stat block the GM keeps hidden (its abilities are secret).
 */
export function offersGmOnly(token: Pick<TokenView, 'hidden' | 'statsHidden' | 'ownerIds'>): boolean {
  return token.hidden || token.statsHidden || token.ownerIds.length === 0;
}
