import type * as Y from 'yjs';
import type { CombatantState, TableDocs } from '../docLayout';
import { readActiveScene } from '../scenes/readScenes';
import {
  combatantStateOf,
  CombatantStateSchema,
  GM_ORIGIN,
  newId,
  publicRootsOf,
  rootsOf,
  secretRootsOf,
  transactBoth,
} from '../docLayout';
import { placeAllHealth, placeHealth, stateDocOf } from '../foeHealth';
import { applyPartySight } from '../vision/partySight';
import type { RoomSettingsInput } from '../../schema/settings';
import { RoomSettingsSchema } from '../../schema/settings';
import type { LogEntry } from '../../schema/logEntry';
import { ChatMessageSchema, LogEntrySchema } from '../../schema/logEntry';
import { issueSentences } from '../../schema/issueSentence';
import { locateToken, requireSecrets, TableWriteError, tokenName } from './locateToken';
import { readSettings } from '../readDoc';
import { StatBlockSchema } from '../../schema/statBlock';
import { settleHealth } from '../../rules/settleHealth';
import { MAX_NAME_CHARS } from '../../schema/limits';

/**
 * GM edit of a combatant's live state (HP, vigor, wounds, statuses, blights, flags…): `change`
 * gets the current state and returns the new one, validated before anything is written.
 */
export function updateCombatant(
  docs: TableDocs,
  tokenId: string,
  change: (state: CombatantState) => CombatantState,
): { before: CombatantState; after: CombatantState } {
  locateToken(docs, tokenId);
  // The secrets doc when the room keeps this foe's HP from players (`foeHp`).
  const combatants = rootsOf(stateDocOf(docs, tokenId)).combatants;
  const current = CombatantStateSchema.safeParse(combatants.get(tokenId));
  if (!current.success)
    throw new TableWriteError(`${tokenName(docs, tokenId)} takes no part in combat (no HP to change)`);
  const next = CombatantStateSchema.safeParse(change(structuredClone(current.data)));
  if (!next.success) throw new TableWriteError(`${tokenName(docs, tokenId)} — ${issueSentences(next.error)}`);
  const after = settled(docs, current.data, { ...next.data, id: tokenId });
  transactBoth(docs, GM_ORIGIN, () => {
    combatants.set(tokenId, after);
    placeHealth(docs, tokenId);
  });
  return { before: current.data, after };
}

/**
 * The server does not rewrite a GM's doc writes (it only checks them), so the GM's client settles
 * them before writing: an edit that leaves a character at 0 HP defeats it as damage would
 * (`settleHealth`, docs/rules/health-and-defeat.md#defeat-by-any-path). Without a stat block there is no defeat to apply.
 */
function settled(docs: TableDocs, before: CombatantState, after: CombatantState): CombatantState {
  const block = [docs.public, docs.secrets]
    .map((d) => (d ? StatBlockSchema.safeParse(rootsOf(d).statBlocks.get(after.id)) : null))
    .find((r) => r?.success)?.data;
  if (!block) return after;
  return combatantStateOf(settleHealth({ ...before, statBlock: block }, { ...after, statBlock: block }));
}

/** Replaces the room settings (rule switches and the status catalog). */
export function setRoomSettings(docs: TableDocs, settings: RoomSettingsInput): void {
  const parsed = RoomSettingsSchema.safeParse(settings);
  if (!parsed.success) throw new TableWriteError(`Room settings — ${issueSentences(parsed.error)}`);
  // One transaction per doc: players' copies change setting and foes' HP together (`foeHp`).
  transactBoth(docs, GM_ORIGIN, () => {
    publicRootsOf(docs.public).settings.set('room', parsed.data);
    placeAllHealth(docs, parsed.data);
    // Fog of war turned on (or off) takes (or gives back) foes out of the party's sight at once.
    if (docs.secrets) applyPartySight(docs);
  });
}

/** A GM note on a token (key = token id) or the room (key 'room'); empty text deletes it. */
export function setNote(docs: TableDocs, key: string, text: string): void {
  const notes = secretRootsOf(requireSecrets(docs, 'GM notes')).notes;
  docs.secrets!.transact(() => {
    if (text.trim()) notes.set(key, text);
    else notes.delete(key);
  }, GM_ORIGIN);
}

/**
 * Renames the room (every page shows it in its status bar): runs of spaces, line breaks and
 * control characters become one space, and the ends are trimmed. An empty name, or one longer
 * than the server's meta rule allows (MAX_NAME_CHARS, src/table/docWriteRules.ts), is refused in
 * words; the same name again writes nothing (no empty undo step). Returns the name as written.
 */
export function setRoomName(docs: TableDocs, name: string): string {
  const clean = name.replace(/[\s\p{Cc}]+/gu, ' ').trim();
  if (!clean) throw new TableWriteError('A room needs a name: type one first');
  if (clean.length > MAX_NAME_CHARS)
    throw new TableWriteError(
      `A room's name is at most ${MAX_NAME_CHARS} characters; this one has ${clean.length}`,
    );
  const meta = rootsOf(docs.public).meta;
  if (meta.get('name') !== clean) docs.public.transact(() => meta.set('name', clean), GM_ORIGIN);
  return clean;
}

/** The GM's own chat line, written directly (players chat through the 'chat' intent). */
export function postChat(docs: TableDocs, from: string, text: string): void {
  const line = ChatMessageSchema.safeParse({ id: newId('c'), at: Date.now(), from, text });
  if (!line.success) throw new TableWriteError(`Chat line — ${issueSentences(line.error)}`);
  docs.public.transact(() => publicRootsOf(docs.public).chat.push([line.data]), GM_ORIGIN);
}

/** A GM log line; `gmOnly` ones go to the secrets doc. */
export function postLogNote(docs: TableDocs, summary: string, gmOnly = false): void {
  const doc = gmOnly ? requireSecrets(docs, 'GM-only log lines') : docs.public;
  const scene = readActiveScene(docs.public)?.id;
  doc.transact(
    () => postLogEntry(doc, { summary, gmOnly, ...(scene ? { scene } : {}) }, Date.now()),
    GM_ORIGIN,
  );
}

/**
 * Inside the caller's transaction: a GM note at the end of `doc`'s log, marked with the scene the
 * room is in (or `scene`, for the line that says the party moved on).
 */
export function postLogEntry(
  doc: Y.Doc,
  line: { summary: string; gmOnly?: boolean; scene?: string },
  now: number,
): void {
  const scene = line.scene ?? readActiveScene(doc)?.id;
  const entry: LogEntry = LogEntrySchema.parse({
    id: newId('l'),
    at: now,
    kind: 'note',
    actor: 'gm',
    summary: line.summary,
    gmOnly: line.gmOnly ?? false,
    ...(scene ? { scene } : {}),
  });
  rootsOf(doc).log.push([entry]);
}

/** GM puts a status from the room's catalog on a combatant (undoable, unlike the intent). */
export function addStatus(docs: TableDocs, tokenId: string, statusId: string, ongoing = false): void {
  const catalog = readSettings(docs.public, []).statuses;
  if (!catalog.some((s) => s.id === statusId)) {
    throw new TableWriteError(`unknown status "${statusId}" (not in this room's catalog)`);
  }
  updateCombatant(docs, tokenId, (state) =>
    state.statuses.some((s) => s.id === statusId)
      ? state
      : { ...state, statuses: [...state.statuses, { id: statusId, ongoing, source: 'GM' }] },
  );
}

/** GM removes a status (no save needed). */
export function removeStatus(docs: TableDocs, tokenId: string, statusId: string): void {
  updateCombatant(docs, tokenId, (state) => ({
    ...state,
    statuses: state.statuses.filter((s) => s.id !== statusId),
  }));
}
