import type { Dice } from '../../lib/dice';
import type { Ability } from '../../schema/ability';
import { describeTrigger } from '../../rules/describeTrigger';
import { pendingOffers } from '../pendingOffers';
import type { Combatant } from '../../schema/combatant';
import type { Intent } from '../../schema/intent';
import type { StatBlock } from '../../schema/statBlock';
import type { Battlefield } from '../../grid/battlefield';
import type { ChatMessage } from '../../schema/chat';
import type { Drawing, DrawingLayer } from '../../schema/drawing';
import type { Handout } from '../../schema/actions/handout';
import type { LogEntry } from '../../schema/logEntry';
import type { Outcome } from '../../schema/outcome';
import type { TableDiff } from '../../schema/tableDiff';
import type { TableState, TokenView } from '../snapshot';
import { combatantOf } from '../snapshot';
import { battlefieldOf } from '../battlefieldOf';
import type { LogInput } from './IntentWrites';
import type { ChatChannels } from './chatChannels';

/** Who sent an intent, as the server authenticated it. */
export type Actor = { role: 'gm' } | { role: 'player'; characterIds: readonly string[] };

export interface Refusal {
  ok: false;
  reason: string;
}

/**
 * A resolved intent, as DATA (docs/table.md "Outcomes and diffs"): what to tell the sender, every
 * change to the table as ONE diff (`diffOf` from src/table/tableDiff.ts), and the log lines.
 * `applyIntent` writes it all in ONE transaction per doc; the log line that carries `outcome`
 * also carries the diff it applied, so the GM can take it back.
 */
export interface Resolution {
  ok: true;
  /** Parsed with OutcomeSchema when written: engine extras (whole combatants) are left out. */
  outcome: Outcome;
  diff: TableDiff;
  /** In order; written after the diff. */
  log: LogInput[];
  /** A chat line (stamped with id and time when written); `to` routes it (src/table/intents/chatAudience.ts). */
  chat?: ChatLineInput;
  /** Moves a token between the docs (reveal/hide), before the log is written. */
  visibility?: { tokenId: string; hidden: boolean; keepStatsHidden?: boolean };
  /** A stored log entry replaced in place (settling a pending result). */
  settle?: LogEntry;
  /** A token's new stat block (a sheet edit), and its new name when renamed; after the diff. */
  statBlock?: StatBlockWrite;
  /** Drawings added or erased (issue 15): never part of the diff or the log (src/table/intents/drawingIntents.ts). */
  drawings?: DrawingWrite;
  /** A handout shown (stamped with id and time when written); `to` routes it (./handoutIntent.ts). */
  handout?: HandoutInput;
}

/** A handout before it is stored. */
export type HandoutInput = Omit<Handout, 'id' | 'at'>;

/** A drawing to store (its layer says which doc), and drawings to erase from either layer. */
export interface DrawingWrite {
  add?: Drawing;
  erase?: readonly { id: string; layer: DrawingLayer }[];
}

/** A chat line before it is stored: who speaks, the words, a roll, and who it is for. */
export type ChatLineInput = Omit<ChatMessage, 'id' | 'at'>;

export interface StatBlockWrite {
  tokenId: string;
  statBlock: StatBlock;
  name?: string;
}

export type HandlerResult = Resolution | Refusal;

/** Everything an intent handler reads; handlers never touch the docs directly. */
export interface IntentContext {
  readonly actor: Actor;
  /** The server's full view (both docs), without the log and chat (see `TableState`). */
  readonly snapshot: TableState;
  /** One log entry by id, as the GM reads it (`secret`: only the secrets doc holds it). */
  readonly logEntry: (id: string) => { entry: LogEntry; secret: boolean } | undefined;
  /** Dice that record every roll (see `recordingDice`). */
  readonly dice: Dice & { readonly rolls: [number, number][] };
  readonly now: number;
  /** Display name of the sender (for chat). */
  readonly senderName: string;
  /**
   * Whether an image (content hash) belongs to this room: the server's asset store answers;
   * without it no image does (a portrait is then refused).
   */
  readonly assetLinked?: (hash: string) => boolean;
  /** The drawings of one layer, read when a drawing handler asks (applyIntent: from the docs). */
  readonly drawings?: (layer: DrawingLayer) => readonly Drawing[];
  /** The room's player channels (the server's invites), for whispers; without them none is sent. */
  readonly channels?: ChatChannels;
  /**
   * Under per-player fog, whether the acting player is sent this token fog keeps from the public
   * doc (their channel carries its copy: docs/table/fog-of-war.md). Absent: they are sent none.
   */
  readonly playerSees?: (tokenId: string) => boolean;
  /** How many handouts the room keeps (everyone's and the GM's copies), read when a handout asks. */
  readonly handoutsKept?: () => number;
}

export type IntentHandler<I extends Intent> = (ctx: IntentContext, intent: I) => HandlerResult;

export function refuse(reason: string): Refusal {
  return { ok: false, reason };
}

/** Wraps dice so every roll is kept as [sides, result] for the log. */
export function recordingDice(dice: Dice): Dice & { readonly rolls: [number, number][] } {
  const rolls: [number, number][] = [];
  return {
    rolls,
    roll(sides) {
      const result = dice.roll(sides);
      rolls.push([sides, result]);
      return result;
    },
  };
}

/**
 * The token, if the actor may see it: players see the public doc's tokens, and under per-player
 * fog the ones their channel carries.
 */
export function findToken(ctx: IntentContext, tokenId: string): TokenView | Refusal {
  const token = ctx.snapshot.tokensById[tokenId];
  const seen =
    token !== undefined &&
    (!token.hidden ||
      ctx.actor.role === 'gm' ||
      (token.outOfSight !== undefined && ctx.playerSees?.(tokenId) === true));
  if (!token || !seen) return refuse('that character is not on the table');
  return token;
}

/** A status's name from the room's catalog ("Dazed"), or its id when the catalog lacks it. */
export function statusName(ctx: IntentContext, statusId: string): string {
  return ctx.snapshot.statusCatalog.find((s) => s.id === statusId)?.name ?? statusId;
}

/** A token the actor commands: the GM commands all, a player only the characters of their invite. */
export function commandedToken(ctx: IntentContext, tokenId: string): TokenView | Refusal {
  const token = findToken(ctx, tokenId);
  if ('ok' in token) return token;
  if (ctx.actor.role === 'player') {
    const mine = ctx.actor.characterIds;
    if (!token.ownerIds.some((id) => mine.includes(id))) return refuse(`${token.name} is not your character`);
  }
  return token;
}

/** Full combatant (state + stat block) of a token, or a refusal naming what is missing. */
export function combatantOfToken(token: TokenView): Combatant | Refusal {
  const combatant = combatantOf(token);
  return combatant ?? refuse(`${token.name} has no combat statistics`);
}

/**
 * In combat, only the combatant whose turn it is may act on its turn. The GM may act out of
 * turn (to fix mistakes); outside combat there are no turns.
 */
export function checkTurn(ctx: IntentContext, token: TokenView): Refusal | null {
  const order = ctx.snapshot.turn;
  if (!order || ctx.actor.role === 'gm') return null;
  if (order.currentId !== token.id) {
    const current = order.currentId ? ctx.snapshot.tokensById[order.currentId]?.name : null;
    return refuse(
      current ? `not your turn: it is ${current}'s turn` : `not your turn: nobody has started a turn yet`,
    );
  }
  return null;
}

/**
 * Turn check for an ability: interrupts are used off-turn (the rules engine then counts them
 * against "Interrupt X" and "once during any turn"), by a player only while the table offers it
 * (its trigger happened: docs/table.md "Interrupt offers"); the GM may use one at any time.
 * Everything else needs the user's turn.
 */
export function abilityTurn(
  ctx: IntentContext,
  token: TokenView,
  ability: Pick<Ability, 'name' | 'trigger'> & { tags: { interrupt: number | null } },
): { onOwnTurn: boolean } | Refusal {
  const order = ctx.snapshot.turn;
  const own = order?.currentId === token.id;
  if (ability.tags.interrupt !== null) {
    const offered = pendingOffers(ctx.snapshot, token.id).some((o) => o.ability === ability.name);
    if (order && !own && ctx.actor.role === 'player' && !offered)
      return refuse(
        `${ability.name} can only be used when its trigger happens: ${describeTrigger(ability.trigger)}`,
      );
    return { onOwnTurn: own };
  }
  const notTurn = checkTurn(ctx, token);
  return notTurn ?? { onOwnTurn: true };
}

/**
 * The battlefield of the intent's room (see `battlefieldOf`); `applyIntent` refuses rooms without
 * a map before any handler runs, so a missing map here is a bug.
 */
export function intentBattlefield(
  ctx: IntentContext,
  extraIds: string | readonly string[] = [],
): Battlefield {
  const battlefield = battlefieldOf(ctx.snapshot, extraIds);
  if (!battlefield) throw new Error('room has no map');
  return battlefield;
}
