import type { TurnOrder } from '../../schema/turnOrder';
import { TurnOrderSchema } from '../../schema/turnOrder';
import type { TableDocs } from '../docLayout';
import { publicRootsOf, rootsOf, secretRootsOf } from '../docLayout';

/**
 * The turn order as players may read it under fog of war: the combatant whose turn it is, and
 * those who acted this round, only when the public doc carries them. A foe acting out of sight
 * reads as "between turns" (`currentId` null), so its id never reaches players.
 */
export function playersTurn(order: TurnOrder, shown: (id: string) => boolean): TurnOrder {
  return {
    ...order,
    currentId: order.currentId !== null && shown(order.currentId) ? order.currentId : null,
    acted: order.acted.filter(shown),
  };
}

/**
 * The whole turn order: the secrets doc's while fog keeps someone in it from players, else the
 * public doc's (undefined: a stored order no reader accepts, left as it is).
 */
export function fullTurnOrder(docs: TableDocs): TurnOrder | null | undefined {
  const doc = docs.secrets && secretRootsOf(docs.secrets).turn.has('order') ? docs.secrets : docs.public;
  const parsed = TurnOrderSchema.nullable().safeParse(rootsOf(doc).turn.get('order') ?? null);
  return parsed.success ? parsed.data : undefined;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Writes the turn order, inside the caller's transaction: whole into the public doc, unless
 * someone in it is kept from players (fog of war), then whole into the secrets doc and as
 * `playersTurn` into the public doc. Also called after fog moved anyone, with the order as is.
 */
export function writeTurnOrder(docs: TableDocs, order: TurnOrder | null): void {
  const pub = publicRootsOf(docs.public).turn;
  const shown = (id: string) => rootsOf(docs.public).tokens.has(id);
  const hides =
    order !== null &&
    (order.acted.some((id) => !shown(id)) || (order.currentId !== null && !shown(order.currentId)));
  if (docs.secrets && hides) {
    const sec = secretRootsOf(docs.secrets).turn;
    if (!same(sec.get('order'), order)) sec.set('order', order);
    const seen = playersTurn(order, shown);
    if (!same(pub.get('order'), seen)) pub.set('order', seen);
    return;
  }
  if (docs.secrets) {
    const sec = secretRootsOf(docs.secrets).turn;
    if (sec.has('order')) sec.delete('order');
  }
  if (!same(pub.get('order'), order)) pub.set('order', order);
}
