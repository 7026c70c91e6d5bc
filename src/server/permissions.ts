import * as Y from 'yjs';
import type { Session } from './auth';
import type { AwarenessEntry } from './protocol';
import type { DecodedUpdate } from '../table/checkDocWrite';

/**
 * Who may do what over the websocket (the HTTP side checks roles in its routes). Pure decisions;
 * the connection code only carries them out. The contract is in docs/server.md.
 */

export type DocKind = 'public' | 'secrets' | 'channel';

/** The secrets doc of room R is named `R~secrets`; everything else is a public doc name. */
export const SECRETS_SUFFIX = '~secrets';
/** A player's channel doc: `R~to~<channel>` (docs/table.md "Channels"). */
export const CHANNEL_INFIX = '~to~';

/** Which doc of which room a websocket asks for; `channel` only for a channel doc. */
export type DocRef =
  | { readonly roomId: string; readonly kind: 'public' | 'secrets' }
  | { readonly roomId: string; readonly kind: 'channel'; readonly channel: string };

export function parseDocName(docName: string): DocRef {
  if (docName.endsWith(SECRETS_SUFFIX))
    return { roomId: docName.slice(0, -SECRETS_SUFFIX.length), kind: 'secrets' };
  // Room ids are base64url (no '~'): the first infix ends the room id.
  const at = docName.indexOf(CHANNEL_INFIX);
  if (at >= 0)
    return {
      roomId: docName.slice(0, at),
      kind: 'channel',
      channel: docName.slice(at + CHANNEL_INFIX.length),
    };
  return { roomId: docName, kind: 'public' };
}

export function docNameOf(roomId: string, kind: 'public' | 'secrets'): string {
  return kind === 'secrets' ? roomId + SECRETS_SUFFIX : roomId;
}

export function channelDocName(roomId: string, channel: string): string {
  return roomId + CHANNEL_INFIX + channel;
}

/**
 * A player's channel: their invite's id, as the store keeps it (fixed when the invite was made,
 * kept through new links); the GM has none.
 */
export function channelOf(session: Session): string | undefined {
  return session.role === 'player' ? session.channel : undefined;
}

/**
 * HTTP status for opening a doc: 200 allowed, 401 no/unknown token, 403 not yours. A channel doc
 * is its player's only: not another player's, not the GM's (the GM reads the copies in the
 * secrets doc), and never one of a made-up id (a channel exists only as a live invite's).
 */
export function canOpenDoc(session: Session | undefined, ref: DocRef): 200 | 401 | 403 {
  if (!session) return 401;
  if (session.roomId !== ref.roomId) return 403;
  if (ref.kind === 'secrets' && session.role !== 'gm') return 403;
  if (ref.kind === 'channel' && ref.channel !== channelOf(session)) return 403;
  return 200;
}

/**
 * GMs write the public and secrets docs directly; players only ever read (their writes are
 * intents), and nobody but the server writes a channel doc.
 */
export function mayWriteDoc(session: Session, kind: DocKind): boolean {
  return session.role === 'gm' && kind !== 'channel';
}

/**
 * Would applying `update` change `doc`? A player's provider always answers the server's sync
 * step 1 with a sync step 2; for an up-to-date client that carries no new structs, only deletes
 * the server already has (Yjs always sends the whole delete set). Such a frame is harmless and is
 * ignored; anything that adds a struct or deletes something not yet deleted is a write.
 * Throws when the update cannot be decoded.
 */
export function wouldChangeDoc(doc: Y.Doc, update: Uint8Array): boolean {
  const decoded = Y.decodeUpdate(update);
  return updateChangesDoc(doc, decoded) || deletesAhead(doc, decoded);
}

/**
 * Whether applying a decoded update changes `doc` now, as Yjs decides it before emitting
 * 'update': a struct the doc lacks, or a deletion of something it has and has not deleted yet.
 * Deletions of clocks the doc lacks do not count: Yjs holds them until their items arrive (see
 * `deletesAhead`). Walks only the doc's structs inside the delete ranges: one binary search for a
 * move, which deletes the value it replaces.
 */
export function updateChangesDoc(doc: Y.Doc, { structs, ds }: DecodedUpdate): boolean {
  for (const struct of structs) {
    const known = Y.getState(doc.store, struct.id.client);
    if (struct.id.clock + struct.length > known) return true;
  }
  for (const [client, ranges] of ds.clients) {
    const end = Y.getState(doc.store, client);
    const list = doc.store.clients.get(client);
    if (!list) continue;
    for (const range of ranges) {
      const to = Math.min(range.clock + range.len, end); // past `end`: held by Yjs, not applied now
      if (range.clock >= to) continue;
      for (let i = Y.findIndexSS(list, range.clock); i < list.length && list[i]!.id.clock < to; i += 1)
        if (!list[i]!.deleted) return true;
    }
  }
  return false;
}

/** Whether an update deletes clocks `doc` does not have yet (Yjs holds such deletions). */
function deletesAhead(doc: Y.Doc, { ds }: DecodedUpdate): boolean {
  for (const [client, ranges] of ds.clients) {
    const known = Y.getState(doc.store, client);
    for (const range of ranges) if (range.len > 0 && range.clock + range.len > known) return true;
  }
  return false;
}

/** The most awareness client ids one socket may speak for (one per open tab/doc, with slack). */
export const MAX_AWARENESS_IDS_PER_CONNECTION = 4;

/**
 * Awareness forgery check. Each socket speaks for the client ids it announced first; the same
 * person (same token) may take an id over from an older socket (a reconnect).
 *
 * The stock y-websocket provider echoes every awareness change it hears, including other
 * people's states with their current clocks, and its stale-state timer sends removals of others.
 * So an entry about another person's id is not refused for existing: an echo (clock not newer, a
 * no-op for the receiving awareness) or a removal is dropped; only a NEW state for another
 * person's id (or for the server's id) is forgery and refuses the frame.
 * Returns the entries to apply.
 */
export function checkAwarenessClaims(
  entries: readonly AwarenessEntry[],
  claimant: { readonly tokenHash: string; readonly ownedIds: ReadonlySet<number> },
  known: {
    ownerOf(clientID: number): { readonly tokenHash: string } | undefined;
    /** The clock the server's awareness holds for an id (0 when unknown). */
    clockOf(clientID: number): number;
    readonly serverClientId: number;
  },
): { ok: true; accepted: AwarenessEntry[] } | { ok: false; reason: string } {
  const accepted: AwarenessEntry[] = [];
  const newIds = new Set<number>();
  for (const entry of entries) {
    const { clientID } = entry;
    if (clientID === known.serverClientId)
      return { ok: false, reason: `awareness client ${clientID} is the server's` };
    const owner = claimant.ownedIds.has(clientID) ? undefined : known.ownerOf(clientID);
    if (owner && owner.tokenHash !== claimant.tokenHash) {
      const newer = entry.clock > known.clockOf(clientID);
      if (newer && entry.state !== null) {
        return { ok: false, reason: `awareness client ${clientID} belongs to another user` };
      }
      continue; // an echo or someone else's removal: never applied
    }
    if (!claimant.ownedIds.has(clientID)) newIds.add(clientID);
    accepted.push(entry);
  }
  if (claimant.ownedIds.size + newIds.size > MAX_AWARENESS_IDS_PER_CONNECTION) {
    return {
      ok: false,
      reason: `one connection may speak for at most ${MAX_AWARENESS_IDS_PER_CONNECTION} awareness clients`,
    };
  }
  return { ok: true, accepted };
}
