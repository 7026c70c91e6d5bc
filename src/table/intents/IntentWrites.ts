import type * as Y from 'yjs';
import type { LogEntry } from '../../schema/logEntry';
import {
  ChatMessageSchema,
  LogEntryFieldsSchema,
  LogEntrySchema,
  RedactedLineSchema,
} from '../../schema/logEntry';
import type { Outcome } from '../../schema/outcome';
import { OutcomeSchema } from '../../schema/outcome';
import type { TableDiff } from '../../schema/tableDiff';
import type { TableDocs } from '../docLayout';
import { channelRootsOf, newId, publicRootsOf, rootsOf, SERVER_ORIGIN, secretRootsOf } from '../docLayout';
import { MAX_LOG_ENTRIES } from '../../schema/limits';
import type { ChannelDocs } from './chatChannels';
import { setTokenHiddenInTransaction } from '../moveBetweenDocs';
import { logPosition } from '../findLogEntry';
import { prepareDiffWrite } from '../writers/writeDiff';
import { publicTwin } from './redactLog';
import { idsIn, namesOf } from './lineNames';
import { HP_FIELDS, withoutHidden } from './playersLine';
import { readActiveScene } from '../scenes/readScenes';
import type { ChatLineInput, DrawingWrite, HandoutInput, StatBlockWrite } from './IntentContext';
import { DrawingSchema } from '../../schema/drawing';
import { HandoutSchema } from '../../schema/actions/handout';
import { StatBlockSchema } from '../../schema/statBlock';
import { placeStatBlock, statsBelongInSecrets } from '../placeStatBlock';
import { fogOn, setHiddenUnderFog } from '../vision/partySight';

/**
 * A log line as an intent handler states it; id, time and dice are added when written.
 * `about`: the other tokens it concerns (targets), besides `actor`. Where they go is decided when
 * written: a line about a hidden token is GM-only; a line about a visible token whose stat block
 * is hidden gets a public twin saying `redacted` (default: the same summary, no details), and the
 * full line is kept for the GM (docs/table.md "Foes with hidden stats"). So does a line about a
 * visible foe whose HP the room keeps from players (`foeHp`: its state is in the secrets doc);
 * its `redacted` text says damage and bloodied as the room allows (docs/table.md "Foe HP players
 * see"). A public line's diff never names a hidden token nor such a foe's HP, vigor or wounds:
 * the GM's full copy (same id) in the secrets doc keeps those parts.
 */
export type LogInput = Pick<LogEntry, 'kind' | 'actor' | 'summary'> &
  Partial<Pick<LogEntry, 'details' | 'gmOnly' | 'pending' | 'diff'>> & {
    outcome?: Outcome;
    about?: readonly string[];
    /**
     * Tokens the line tells of without being about them (a reveal's): it stays GM-only while any
     * of them is kept from players once this intent is written (a foe fog of war keeps back).
     */
    shows?: readonly string[];
    redacted?: { summary: string; details?: string[] };
  };

/** Writes an intent may make; called inside the one server transaction (per doc). */
export interface IntentWrites {
  /** Writes the diff's `after` values (validated now, written by `apply`). */
  applyDiff(diff: TableDiff): void;
  /** Buffers a log line; answers the id it will be stored under. */
  log(entry: LogInput): string;
  /** Replaces a stored log entry (same id, same doc, same place), e.g. to settle a pending result. */
  updateLog(entry: LogEntry): void;
  /** A chat line for everyone (public doc), or routed by its `to` (channels). */
  chat(line: ChatLineInput): void;
  /** `keepStatsHidden`: on a reveal, the stat block stays in the secrets doc. */
  setHidden(tokenId: string, hidden: boolean, keepStatsHidden?: boolean): void;
  /** Replaces a token's stat block where it is kept, and renames the token when `name` is given. */
  setStatBlock(write: StatBlockWrite): void;
  /**
   * Adds and erases drawings (issue 15): the table layer in the public doc, the GM's layer in the
   * secrets doc only, so it is never sent to players.
   */
  drawings(write: DrawingWrite): void;
  /**
   * A handout (docs/table/handouts.md): for everyone in the public doc; for one player the GM's
   * copy in the secrets doc and the player's in their channel doc, never the public doc.
   */
  handout(input: HandoutInput): void;
}

/**
 * Appends at the end by index, not `push`: Y.Array's push walks the list from the start when no
 * search marker is cached (every intent's transaction on a freshly loaded room: ≈ 0.25 ms at
 * 40,000 lines and growing), while an indexed insert places a marker at the end and reuses it.
 */
function appendTo(array: Y.Array<unknown>, value: unknown): void {
  array.insert(array.length, [value]);
}

/**
 * A player's channel keeps the chat bound (MAX_LOG_ENTRIES) by dropping its oldest lines: it is
 * that player's copy; the GM's copy in the secrets doc is the one the room file keeps, and it is
 * bounded by refusing (applyIntent's `fullHistory`).
 */
function appendCapped(array: Y.Array<unknown>, value: unknown): void {
  const over = array.length + 1 - MAX_LOG_ENTRIES;
  if (over > 0) array.delete(0, over);
  appendTo(array, value);
}

/**
 * The writer over a room's docs. Calls are validated and BUFFERED; `apply()` then performs them
 * all inside the caller's transaction, so a bad value throws before anything is written.
 */
export function intentWrites(
  docs: TableDocs,
  now: number,
  dice: readonly [number, number][],
  channels?: ChannelDocs,
): IntentWrites & {
  apply(): void;
  readonly redactedForPlayers: boolean;
  /** The outcome as written (engine extras left out): parsed once, when first asked or logged. */
  outcome(raw: Outcome): Outcome;
} {
  const ops: (() => void)[] = [];
  // Strict here (the read is lenient): a handler's outcome outside the union is a bug. One parse
  // per outcome object: the line carrying it and the intent's answer share it.
  const parsedOutcomes = new WeakMap<Outcome, Outcome>();
  const parseOutcome = (raw: Outcome): Outcome => {
    let parsed = parsedOutcomes.get(raw);
    if (!parsed) parsedOutcomes.set(raw, (parsed = OutcomeSchema.parse(raw)));
    return parsed;
  };
  let redactedForPlayers = false;
  // Each line says which scene it happened in (docs/table/scenes.md).
  const scene = readActiveScene(docs.public)?.id;
  /**
   * Visible, but its stat block or its HP (the combatant state: room setting `foeHp`) is only in
   * the secrets doc: players read a redacted twin of lines about it.
   */
  const statsHidden = (id: string): boolean => {
    const pub = rootsOf(docs.public);
    if (!pub.tokens.has(id) || !docs.secrets) return false;
    const sec = rootsOf(docs.secrets);
    return (!pub.statBlocks.has(id) && sec.statBlocks.has(id)) || sec.combatants.has(id);
  };
  /** Its stat block is only in the secrets doc (the GM hides the stats, not just the HP). */
  const statBlockHidden = (id: string): boolean =>
    !!docs.secrets &&
    rootsOf(docs.public).tokens.has(id) &&
    !rootsOf(docs.public).statBlocks.has(id) &&
    rootsOf(docs.secrets).statBlocks.has(id);
  /**
   * What a twin's players read of its changes: where a character whose stats or HP they do not
   * get went (its square is on the table anyway), never its state; everyone else's changes, the
   * terrain and the turn order as they are (then `withoutHidden` as for any public line).
   */
  const twinDiff = (diff: TableDiff): TableDiff => ({
    ...diff,
    tokens: diff.tokens.flatMap((t) =>
      !statsHidden(t.tokenId) ? [t] : t.cell ? [{ tokenId: t.tokenId, cell: t.cell }] : [],
    ),
  });
  const hpHidden = (id: string): boolean =>
    !!docs.secrets && rootsOf(docs.public).tokens.has(id) && rootsOf(docs.secrets).combatants.has(id);
  /** Replace the entry with `value`'s id in `log`; false when it is not there. */
  const replaceIn = (log: Y.Array<unknown>, value: LogEntry): boolean => {
    const index = logPosition(log, value.id);
    if (index < 0) return false;
    log.delete(index, 1);
    log.insert(index, [value]);
    return true;
  };
  return {
    get redactedForPlayers() {
      return redactedForPlayers;
    },
    outcome: parseOutcome,
    applyDiff(diff) {
      ops.push(prepareDiffWrite(docs, diff));
    },
    log(input) {
      const { about = [], shows = [], redacted, outcome, ...fields } = input;
      const parsedOutcome = outcome === undefined ? undefined : parseOutcome(outcome);
      const names = namesOf(docs, [fields.actor, ...about, ...idsIn(parsedOutcome)]);
      const stored: LogEntry = {
        ...LogEntryFieldsSchema.parse({
          id: newId('l'),
          at: now,
          dice: [...dice],
          details: [],
          ...(scene ? { scene } : {}),
          ...(names ? { names } : {}),
          ...fields,
        }),
        ...(parsedOutcome ? { outcome: parsedOutcome } : {}),
      };
      // Also every character whose HP the line's changes carry (an edge save's fall, a blight):
      // its outcome tells those numbers too, so a foe's hidden HP makes the line a twin.
      const hpChanged = [...(stored.diff?.tokens ?? []), ...(stored.pending?.diff.tokens ?? [])]
        .filter((t) => t.state && HP_FIELDS.some((k) => k in t.state!.after))
        .map((t) => t.tokenId);
      const involved = [stored.actor, ...about];
      const redactedBy = [...involved, ...hpChanged];
      const shown = {
        summary: redacted?.summary ?? stored.summary,
        details: redacted?.details ?? [],
        // Players keep their dice unless some stat block is hidden (docs/table.md "Foe HP players see").
        dice: !redactedBy.some(statBlockHidden),
      };
      if (redactedBy.some(statsHidden)) redactedForPlayers = true;
      // Decided when applied: a reveal or hide earlier in the same intent counts.
      ops.push(() => {
        const secrets = docs.secrets;
        if (!secrets) return void appendTo(rootsOf(docs.public).log, stored);
        const hidden = [...involved, ...shows].some((id) => rootsOf(secrets).tokens.has(id));
        if (stored.gmOnly || hidden) return void appendTo(rootsOf(secrets).log, { ...stored, gmOnly: true });
        const isHidden = (id: string) => rootsOf(secrets).tokens.has(id);
        if (redactedBy.some(statsHidden)) {
          appendTo(rootsOf(secrets).log, { ...stored, redacted: RedactedLineSchema.parse(shown) });
          const diff = stored.diff && twinDiff(stored.diff);
          appendTo(
            rootsOf(docs.public).log,
            withoutHidden(publicTwin(stored, shown, diff), isHidden, hpHidden),
          );
          return;
        }
        const shownEntry = withoutHidden(stored, isHidden, hpHidden);
        // The public line lost some hidden token's change: the GM's full line keeps it (same id).
        if (shownEntry !== stored) appendTo(rootsOf(secrets).log, stored);
        appendTo(rootsOf(docs.public).log, shownEntry);
      });
      return stored.id;
    },
    updateLog(entry) {
      const stored = LogEntrySchema.parse(entry);
      ops.push(() => {
        const pub = rootsOf(docs.public).log;
        if (docs.secrets && replaceIn(rootsOf(docs.secrets).log, stored)) {
          if (stored.redacted) {
            const diff = stored.diff && twinDiff(stored.diff);
            const isHidden = (id: string) => rootsOf(docs.secrets!).tokens.has(id);
            replaceIn(pub, withoutHidden(publicTwin(stored, stored.redacted, diff), isHidden, hpHidden));
          }
          return;
        }
        if (
          !replaceIn(
            pub,
            docs.secrets
              ? withoutHidden(stored, (id) => rootsOf(docs.secrets!).tokens.has(id), hpHidden)
              : stored,
          )
        )
          throw new Error(`log entry '${stored.id}' is not stored`);
      });
    },
    chat(input) {
      const line = ChatMessageSchema.parse({ ...input, id: newId('c'), at: now });
      if (!line.to) return void ops.push(() => appendTo(publicRootsOf(docs.public).chat, line));
      // A whisper or private roll is never in the public doc: the GM's copy goes to the secrets
      // doc, the player's (the sender's, or the GM's reader's) to that player's channel doc.
      // Every doc is found before anything is written, so a missing one writes nothing.
      const secrets = docs.secrets;
      if (!secrets) throw new Error('a whisper needs the secrets doc');
      const reader = line.to.kind === 'player' ? line.to.channel : channels?.own;
      const channel = reader === undefined ? undefined : channels?.doc(reader);
      if (reader !== undefined && !channel) throw new Error(`channel ${reader} has no doc`);
      ops.push(() => {
        appendTo(secretRootsOf(secrets).chat, line);
        // Its own transaction, inside the caller's: one per doc, all written or none.
        channel?.transact(() => appendCapped(channelRootsOf(channel).chat, line), SERVER_ORIGIN);
      });
    },
    setHidden(tokenId, hidden, keepStatsHidden = false) {
      // Under fog of war a foe revealed where the party cannot see it stays with the GM, marked.
      ops.push(() =>
        fogOn(docs)
          ? setHiddenUnderFog(docs, tokenId, hidden, keepStatsHidden)
          : setTokenHiddenInTransaction(docs, tokenId, hidden, keepStatsHidden),
      );
    },
    setStatBlock({ tokenId, statBlock, name }) {
      const block = StatBlockSchema.parse(statBlock);
      ops.push(() => {
        const secrets = docs.secrets ? rootsOf(docs.secrets) : null;
        placeStatBlock(docs, tokenId, block, statsBelongInSecrets(docs, tokenId));
        if (name !== undefined)
          for (const roots of secrets ? [rootsOf(docs.public), secrets] : [rootsOf(docs.public)])
            for (const map of [roots.tokens, roots.combatants]) {
              const stored = map.get(tokenId) as Record<string, unknown> | undefined;
              if (stored) map.set(tokenId, { ...stored, name });
            }
      });
    },
    drawings({ add, erase = [] }) {
      const drawing = add ? DrawingSchema.parse(add) : undefined;
      const docOf = (layer: 'table' | 'gm'): Y.Doc => {
        if (layer === 'table') return docs.public;
        if (!docs.secrets) throw new Error("the GM's layer needs the secrets doc");
        return docs.secrets;
      };
      if (drawing) docOf(drawing.layer); // throws now, before anything is written
      ops.push(() => {
        for (const { id, layer } of erase) rootsOf(docOf(layer)).drawings.delete(id);
        if (drawing) rootsOf(docOf(drawing.layer)).drawings.set(drawing.id, drawing);
      });
    },
    handout(input) {
      const handout = HandoutSchema.parse({ ...input, id: newId('h'), at: now });
      const to = handout.to;
      if (!to) return void ops.push(() => publicRootsOf(docs.public).handouts.set(handout.id, handout));
      // As a whisper: every doc is found before anything is written.
      const secrets = docs.secrets;
      if (!secrets) throw new Error('a handout to one player needs the secrets doc');
      const channel = channels?.doc(to.channel);
      if (!channel) throw new Error(`channel ${to.channel} has no doc`);
      ops.push(() => {
        secretRootsOf(secrets).handouts.set(handout.id, handout);
        channel.transact(() => channelRootsOf(channel).handouts.set(handout.id, handout), SERVER_ORIGIN);
      });
    },
    apply() {
      for (const op of ops) op();
    },
  };
}
