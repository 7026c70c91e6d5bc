import type { InterruptOffer } from '../schema/interruptOffer';
import type { InterruptTrigger, TriggerSubject } from '../schema/trigger';

const SOMEONE: Record<TriggerSubject, string> = {
  you: 'you',
  ally: 'an ally',
  foe: 'a foe',
  any: 'a character',
};

/**
 * When an interrupt may be used, as the end of a sentence a player reads ("when a foe moves next
 * to you"); a free-text trigger is quoted, and the GM confirms it (docs/rules.md "Interrupts").
 */
export function describeTrigger(trigger: InterruptTrigger | undefined): string {
  if (!trigger) return 'when the GM says its trigger happened';
  switch (trigger.kind) {
    case 'moves-adjacent':
      return `when ${SOMEONE[trigger.who]} moves next to you`;
    case 'moves-away':
      return `when ${SOMEONE[trigger.who]} moves away from you`;
    case 'targeted':
      return trigger.who === 'you' ? 'when you are attacked' : `when ${SOMEONE[trigger.who]} is attacked`;
    case 'turn-starts':
      return trigger.who === 'you'
        ? 'when your turn starts'
        : `when the turn of ${SOMEONE[trigger.who]} starts`;
    case 'turn-ends':
      return trigger.who === 'you' ? 'when your turn ends' : `when the turn of ${SOMEONE[trigger.who]} ends`;
    case 'text':
      return `"${trigger.text}" (ask the GM to confirm it happened)`;
  }
}

/**
 * What happened, for an offer's button ("Ruin Drake attacked Ana"), with `nameOf` giving the
 * display name of a character id the reader may see.
 */
export function describeOffer(
  offer: InterruptOffer,
  ownerId: string,
  nameOf: (id: string) => string,
): string {
  const subject =
    offer.subjectId === null ? '' : offer.subjectId === ownerId ? nameOf(ownerId) : nameOf(offer.subjectId);
  const by = offer.byId === null ? '' : nameOf(offer.byId);
  switch (offer.trigger) {
    case 'moves-adjacent':
      return `${by} moved next to ${nameOf(ownerId)}`;
    case 'moves-away':
      return `${by} moved away from ${nameOf(ownerId)}`;
    case 'targeted':
      return `${by} attacked ${subject}`;
    case 'turn-starts':
      return `${subject}'s turn started`;
    case 'turn-ends':
      return `${subject}'s turn ended`;
    case 'text':
      return 'the GM confirmed its trigger';
  }
}
