import type { Dice } from '../lib/dice';
import { BattlefieldError } from '../grid';
import type { Intent, IntentResult } from '../schema/intent';
import { IntentSchema } from '../schema/intent';
import type { TableDocs } from './docLayout';
import {
  channelRootsOf,
  publicRootsOf,
  rootsOf,
  secretRootsOf,
  SERVER_ORIGIN,
  transactBoth,
} from './docLayout';
import type { ChannelDocs } from './intents/chatChannels';
import { atMost, MAX_LOG_ENTRIES } from '../schema/limits';
import { tableStateOf } from './snapshot';
import { readTableParts } from './tableParts';
import { replayRecorder } from './replay/recordReplay';
import { findLogEntry } from './findLogEntry';
import type { Actor } from './intents/IntentContext';
import { recordingDice, refuse } from './intents/IntentContext';
import { intentWrites } from './intents/IntentWrites';
import type { Resolution } from './intents/IntentContext';
import { isEmptyDiff } from '../schema/tableDiff';
import { redactOutcome } from './intents/redactLog';
import { ACTIONS } from './intents/actions';
import { pendingDamageOf, splitPending } from './intents/pendingWrites';
import type { ActionDefinition } from './intents/defineAction';
import { takeUpOffer } from './intents/interruptOffers';
import { issueSentence } from '../schema/issueSentence';
import { readDrawings } from './readDrawings';
import { applyPartySight, leavingSight, moveUnderFog } from './vision/partySight';
import { fogModeOf } from './vision/tableSight';

export type { Actor } from './intents/IntentContext';

/**
 * Resolves one intent against the room's authoritative docs (the server holds both): checks the
 * sender may send it, that it is legal (grid + rules engine), rolls `dice`, and writes the outcome
 * in ONE transaction per doc with origin 'server'. Refusals write nothing.
 */
export function applyIntent(
  docs: TableDocs,
  actor: Actor,
  input: unknown,
  dice: Dice,
  opts: {
    now?: number;
    senderName?: string;
    assetLinked?: (hash: string) => boolean;
    /** The room's player channels (server): whispers go there (docs/table.md "Channels"). */
    channels?: ChannelDocs;
  } = {},
): IntentResult {
  const parsed = IntentSchema.safeParse(input);
  if (!parsed.success) {
    // Our own panels never send these; a person still reads a sentence, never zod's wording.
    const issue = parsed.error.issues[0];
    if (!issue || issue.path[0] === 'kind') return refuse('the table does not know this action');
    return refuse(issueSentence(issue));
  }
  const intent: Intent = parsed.data;
  const action = ACTIONS[intent.kind] as ActionDefinition<Intent['kind']>;
  if (action.roles !== 'any' && actor.role !== 'gm') return refuse(`only the GM may ${action.roles.gm}`);
  const full = fullHistory(docs);
  if (full) return refuse(full);
  // Never the whole log or chat: an intent's cost must not grow with the campaign (issue 10).
  const parts = readTableParts(docs.public, docs.secrets);
  const snapshot = tableStateOf(parts);
  if (!snapshot.map) return refuse('this room has no map yet');
  // What the resolution reads is kept with its outcome (docs/table/replay.md).
  const replay = replayRecorder(docs, parts);
  const ctx = replay.watch({
    actor,
    snapshot,
    logEntry: (id: string) => findLogEntry(docs, id),
    dice: recordingDice(dice),
    now: opts.now ?? Date.now(),
    senderName: opts.senderName ?? (actor.role === 'gm' ? 'GM' : 'Player'),
    ...(opts.assetLinked ? { assetLinked: opts.assetLinked } : {}),
    // Drawings are read only by the drawing handlers (never rules): the GM layer is the secrets doc's.
    drawings: (layer: 'table' | 'gm') =>
      layer === 'gm'
        ? docs.secrets
          ? readDrawings(docs.secrets, 'gm')
          : []
        : readDrawings(docs.public, 'table'),
    ...(opts.channels ? { channels: opts.channels } : {}),
    ...playerSight(actor, opts.channels),
    // Handouts are read only by `show-handout`, for its bound (docs/table/handouts.md).
    handoutsKept: () =>
      publicRootsOf(docs.public).handouts.size +
      (docs.secrets ? secretRootsOf(docs.secrets).handouts.size : 0),
  });
  let resolution: ReturnType<typeof action.resolve>;
  try {
    // Using an interrupt takes up the offer its trigger made (docs/table.md "Interrupt offers").
    resolution = takeUpOffer(ctx, intent, action.resolve(ctx, intent));
  } catch (error) {
    // Handlers are pure until `commit`, so a geometry question the battlefield cannot answer
    // (a token that is not on it, say) is a refusal with nothing written, not a server fault.
    if (error instanceof BattlefieldError) return refuse(error.message);
    throw error;
  }
  if (!resolution.ok) return resolution;
  // Fog of war: a revealed foe this resolution takes out of the party's sight must not leave its
  // lines with players (they would say where it went); it goes to the secrets doc below.
  const leaving = leavingSight(snapshot, resolution.diff, docs.public);
  const outOfSight = leaving.size > 0;
  if (outOfSight)
    resolution = { ...resolution, log: resolution.log.map((line) => ({ ...line, gmOnly: true })) };
  const writes = intentWrites(docs, ctx.now, ctx.dice.rolls, opts.channels);
  // Room setting `applyResults: 'on-confirm'`: the roll and its log entry are written now, the
  // characters' change waits on the entry for `apply-result` (docs/combat.md "Apply on confirm").
  const waits = snapshot.settings.applyResults === 'on-confirm' && action.pending === true;
  const carrier = writeResolution(writes, resolution, waits, leaving);
  transactBoth(docs, SERVER_ORIGIN, () => {
    writes.apply();
    if (carrier) replay.record(carrier, actor, intent, ctx);
    // In the same update: a foe stepping into sight appears, one leaving it is gone, its new
    // square written among the GM's tokens only (its move was held back from the diff's write).
    for (const change of resolution.diff.tokens)
      if (change.cell && leaving.has(change.tokenId)) moveUnderFog(docs, change.tokenId, change.cell.after);
    // What is explored follows on the server, after the answer (followPartySight).
    if (fogModeOf(snapshot.settings) !== null) applyPartySight(docs, { explore: false });
  });
  // Engine extras (whole combatants, stat blocks) are left out: the answer is the logged outcome.
  const outcome = writes.outcome(resolution.outcome);
  // A player's answer tells no more than the public log about a foe whose stats are hidden, or
  // one the resolution took out of sight (their own characters' moves they always see).
  const unseenByActor =
    actor.role === 'player' &&
    [...leaving].some((id) => !snapshot.tokensById[id]?.ownerIds.some((o) => actor.characterIds.includes(o)));
  return {
    ok: true,
    outcome:
      actor.role === 'player' && (writes.redactedForPlayers || unseenByActor)
        ? redactOutcome(outcome)
        : outcome,
  };
}

/** A player's view of fog's channel copies (per-player fog): what their channel carries. */
function playerSight(actor: Actor, channels: ChannelDocs | undefined) {
  const own = actor.role === 'player' ? channels?.own : undefined;
  if (!channels || !own) return {};
  // Asked only when an intent names a character kept from the public doc (loading no doc before).
  return {
    playerSees: (tokenId: string) => {
      const doc = channels.doc(own);
      return doc !== undefined && channelRootsOf(doc).tokens.has(tokenId);
    },
  };
}

/**
 * Buffers a resolution's writes in order: the diff (or, waiting for Apply, only its action
 * economy part), the visibility move, the settled entry, the log lines (the one carrying the
 * outcome also carries what was applied, or the pending diff), the chat line. Answers the id of
 * the line carrying the outcome (null: none does).
 */
function writeResolution(
  writes: ReturnType<typeof intentWrites>,
  resolution: Resolution,
  waits: boolean,
  withheld: ReadonlySet<string> = new Set(),
): string | null {
  const { now, later } = waits ? splitPending(resolution.diff) : { now: resolution.diff, later: null };
  // Moves out of the party's sight are written by the caller, never into players' docs.
  writes.applyDiff(
    withheld.size === 0
      ? now
      : { ...now, tokens: now.tokens.map((t) => (withheld.has(t.tokenId) ? { ...t, cell: undefined } : t)) },
  );
  if (resolution.visibility) {
    const { tokenId, hidden, keepStatsHidden } = resolution.visibility;
    writes.setHidden(tokenId, hidden, keepStatsHidden);
  }
  if (resolution.settle) writes.updateLog(resolution.settle);
  if (resolution.statBlock) writes.setStatBlock(resolution.statBlock);
  let carried: string | null = null;
  for (const line of resolution.log) {
    if (!line.outcome || carried) {
      writes.log(line);
      continue;
    }
    const waiting = later && !isEmptyDiff(later) ? later : null;
    const damage = waiting ? pendingDamageOf(line.outcome) : null;
    carried = writes.log({
      ...line,
      ...(isEmptyDiff(now) ? {} : { diff: now }),
      ...(waiting
        ? {
            pending: {
              status: 'pending' as const,
              diff: waiting,
              damage: damage && waiting.tokens.some((t) => t.tokenId === damage.tokenId) ? damage : null,
            },
          }
        : {}),
    });
  }
  if (resolution.chat) writes.chat(resolution.chat);
  if (resolution.drawings) writes.drawings(resolution.drawings);
  if (resolution.handout) writes.handout(resolution.handout);
  return carried;
}

/**
 * A room's log and chat stop at the room file's bound (MAX_LOG_ENTRIES each), so the room can
 * always be exported and imported again; past it, intents (which all write a line) are refused.
 */
function fullHistory(docs: TableDocs): string | null {
  const lists = [
    ['log', rootsOf(docs.public).log],
    ['chat', publicRootsOf(docs.public).chat],
    ...(docs.secrets ? [['GM-only log', rootsOf(docs.secrets).log] as const] : []),
    // The GM's copy of every whisper and private roll (each player's copy only trims: IntentWrites).
    ...(docs.secrets ? [['whisper history', secretRootsOf(docs.secrets).chat] as const] : []),
  ] as const;
  for (const [what, list] of lists)
    if (list.length >= MAX_LOG_ENTRIES)
      return (
        `this room's ${what} is full (${atMost(MAX_LOG_ENTRIES, 'lines')}): export the log ` +
        'and start a new room for the next session'
      );
  return null;
}
