import type { Battlefield } from '../grid/battlefield';
import type { ForcedMove, ForcedMoveRequest, ForcedMoveStop } from '../grid/forcedMove';
import { forcedMove } from '../grid/forcedMove';
import type { MovementEvent } from '../grid/movementEvents';
import type { Combatant } from '../schema/combatant';
import type { RoomSettings } from '../schema/settings';
import type { DamageApplication } from './applyDamage';
import { applyDamage } from './applyDamage';
import { forcedMoveDamage } from './forcedMoveDamage';

export type ForcedMoveDone = Extract<ForcedMove, { ok: true }>;

/** A forced move with its damage applied in order, and the sentence the log shows. */
export interface ForcedMoveResolution {
  move: ForcedMoveDone;
  damage: { event: MovementEvent; application: DamageApplication }[];
  /** The moved character after the damage (defeated as usual at 0 HP). */
  target: Combatant;
  text: string;
  /** The battlefield with the target on its new square (for the next forced move). */
  battlefield: Battlefield;
}

/**
 * Forced movement with its consequences (docs/rules.md "Forced movement"): the grid moves the
 * character, each fall and dangerous square deals its damage in order (Falling, Dangerous), and
 * ending on an edge is reported (its save comes at the end of the turn, "Edges"). Pure.
 * `nameOf` turns ids into names for the sentence.
 */
export function resolveForcedMove(
  bf: Battlefield,
  target: Combatant,
  request: ForcedMoveRequest,
  settings: RoomSettings,
  nameOf: (id: string) => string,
): ForcedMoveResolution | { ok: false; reason: string } {
  const move = forcedMove(bf, request);
  if (!move.ok) return move;
  let current = target;
  const damage: ForcedMoveResolution['damage'] = [];
  for (const { event, damage: incoming } of forcedMoveDamage(move, settings)) {
    const application = applyDamage(current, incoming, settings);
    damage.push({ event, application });
    current = application.combatant;
  }
  const taken = damage.reduce((sum, d) => sum + d.application.hpLost + d.application.vigorLost, 0);
  const battlefield: Battlefield = {
    ...bf,
    occupants: bf.occupants.map((o) =>
      o.id === move.targetId ? { ...o, cell: move.to, incapacitated: current.incapacitated } : o,
    ),
  };
  return {
    move,
    damage,
    target: current,
    text: forcedMoveSentence(nameOf(move.targetId), move, damage.length ? taken : null, nameOf),
    battlefield,
  };
}

/** "Ruin Drake is pushed …": the word each kind takes in a sentence. */
export const FORCED_PAST = { push: 'pushed', pull: 'pulled', shove: 'shoved' } as const;
const at = (c: { x: number; y: number }) => `(${c.x},${c.y})`;
const squares = (n: number) => `${n} square${n === 1 ? '' : 's'}`;

/** What stopped it, in words; null when nothing did (or the edge did: said as an event). */
function stopPhrase(stop: ForcedMoveStop, nameOf: (id: string) => string): string | null {
  switch (stop.reason) {
    case 'complete':
    case 'edge':
      return null;
    case 'map':
      return 'the map ends';
    case 'impassable':
      return `${at(stop.at)} is impassable`;
    case 'terrain':
      return `${at(stop.at)} is higher terrain`;
    case 'character':
      return `${nameOf(stop.characterId)} is in the way at ${at(stop.at)}`;
    case 'source':
      return stop.adjacent ? 'it is next to the source' : 'its line comes no nearer the source';
  }
}

/**
 * `forcedMoveSentence`'s sentence without its damage (": 2 damage"), for readers who may not
 * learn it (a foe whose stats are hidden: the damage would tell its armor).
 */
export function forcedSentenceWithoutDamage(text: string, damage: number | null): string {
  const tail = damage === null ? '' : `: ${damage} damage`;
  return tail && text.endsWith(tail) ? text.slice(0, -tail.length) : text;
}

/**
 * One sentence: "Ruin Drake is pushed 2 squares west and falls 2 levels: 2 damage".
 * `damage` is what it took (HP and vigor; null = nothing hurt it on the way).
 */
export function forcedMoveSentence(
  name: string,
  move: ForcedMoveDone,
  damage: number | null,
  nameOf: (id: string) => string = (id) => id,
): string {
  const past = FORCED_PAST[move.kind];
  const stop = stopPhrase(move.stop, nameOf);
  if (move.moved === 0)
    return `${name} cannot be ${past} ${move.direction}: ${stop ?? 'it has nowhere to go'}`;
  const how =
    move.moved === move.requested ? squares(move.moved) : `${move.moved} of ${squares(move.requested)}`;
  const events: string[] = [];
  const levels = move.levelsFallen;
  if (levels > 0) events.push(`falls ${levels} level${levels === 1 ? '' : 's'}`);
  const dangerous = move.events.filter((e) => e.kind === 'dangerous').length;
  if (dangerous)
    events.push(`enters ${dangerous === 1 ? 'a dangerous square' : `${dangerous} dangerous squares`}`);
  if (move.events.some((e) => e.kind === 'edge'))
    events.push('ends on an edge (it saves at the end of the turn)');
  const where = ` to ${at(move.to)}`;
  return (
    `${name} is ${past} ${how} ${move.direction}${where}${stop ? ` (${stop})` : ''}` +
    (events.length ? ` and ${events.join(' and ')}` : '') +
    (damage !== null ? `: ${damage} damage` : '')
  );
}
