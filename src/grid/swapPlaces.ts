import type { Battlefield } from './battlefield';
import { occupantById } from './battlefield';

/**
 * "Swap places" (docs/rules/movement.md "Swapping places"): the user and the receiver trade
 * spaces, with no path in between. Characters of different Sizes cannot (neither fits the
 * other's space) and a receiver out of the fight does not: `reason` says why, in words after the
 * two names. The server's resolution and the Act panel's preview both ask this.
 */
export type SwapResult =
  | { readonly ok: true; readonly battlefield: Battlefield; readonly text: string }
  | { readonly ok: false; readonly text: string };

export function swapPlaces(
  bf: Battlefield,
  userId: string,
  targetId: string,
  nameOf: (id: string) => string,
): SwapResult {
  const user = occupantById(bf, userId);
  const target = occupantById(bf, targetId);
  const [userName, name] = [nameOf(userId), nameOf(targetId)];
  if (target.incapacitated)
    return { ok: false, text: `${name} is out of the fight and does not swap places` };
  if (user.size !== target.size)
    return { ok: false, text: `${userName} and ${name} do not swap places: they are not the same size` };
  return {
    ok: true,
    battlefield: {
      ...bf,
      occupants: bf.occupants.map((c) =>
        c.id === user.id ? { ...c, cell: target.cell } : c.id === target.id ? { ...c, cell: user.cell } : c,
      ),
    },
    text: `${userName} and ${name} swap places`,
  };
}
