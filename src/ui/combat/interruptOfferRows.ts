import type { Intent } from '../../schema/intent';
import { describeOffer } from '../../rules/describeTrigger';
import { pendingOffers } from '../../table/pendingOffers';
import type { RoomSnapshot, TokenView } from '../../table/snapshot';
import { abilityId } from './actionChoices';

/** One pending interrupt offer as the Act panel shows it (docs/ui.md "Interrupt offers"). */
export interface OfferRow {
  ownerId: string;
  /** The Act panel's choice id of the ability (pick it to target and use it). */
  choiceId: string;
  /** "Interrupt: Parry — Ruin Drake attacked Ana". */
  label: string;
  decline: Intent;
}

/**
 * The pending offers of the characters this viewer commands (a player: their own; the GM: every
 * character's, the foes' included), oldest first per character.
 */
export function interruptOfferRows(snapshot: RoomSnapshot, mine: readonly TokenView[]): OfferRow[] {
  const nameOf = (id: string) => snapshot.tokensById[id]?.state?.name ?? snapshot.tokensById[id]?.name ?? id;
  return mine.flatMap((token) =>
    pendingOffers(snapshot, token.id).map((offer) => ({
      ownerId: token.id,
      choiceId: abilityId(offer.ability),
      label: `Interrupt: ${offer.ability} — ${describeOffer(offer, token.id, nameOf)}`,
      decline: {
        kind: 'interrupt-offer',
        tokenId: token.id,
        abilityId: abilityId(offer.ability),
        action: 'decline',
      },
    })),
  );
}

/**
 * The GM's confirmations for the acting character: one per interrupt without a pending offer
 * (a free-text trigger happened, or one the table cannot see); none outside combat.
 */
export function gmOfferButtons(snapshot: RoomSnapshot, actorId: string): { label: string; intent: Intent }[] {
  const token = snapshot.tokensById[actorId];
  if (!snapshot.turn || !token?.statBlock) return [];
  const pending = new Set(pendingOffers(snapshot, actorId).map((o) => o.ability));
  return token.statBlock.abilities
    .filter((a) => a.tags.interrupt !== null && !pending.has(a.name))
    .map((a) => ({
      label: `Offer ${a.name} (trigger happened)`,
      intent: { kind: 'interrupt-offer', tokenId: actorId, abilityId: abilityId(a.name), action: 'offer' },
    }));
}
