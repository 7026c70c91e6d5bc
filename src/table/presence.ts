import type { Awareness } from 'y-protocols/awareness';
import type { CellData } from '../schema/cell';
import type { Presence } from '../schema/presence';
import { PresenceSchema } from '../schema/presence';

/** A colour per client id, stable across reloads of the same client id. */
export function presenceColor(clientId: number): string {
  // Whole degrees: a fraction such as 0.024000000208616257 made the colour longer than the
  // presence schema takes (32 characters), and the page refused to open.
  return `hsl(${Math.round((clientId * 137.508) % 360) % 360} 70% 50%)`;
}

/** Announces who this connection is; cursor, drag and ping start empty. */
export function initPresence(awareness: Awareness, user: Presence['user']): void {
  awareness.setLocalState(PresenceSchema.parse({ user }));
}

export function setCursor(awareness: Awareness, cell: CellData | null): void {
  awareness.setLocalStateField('cursor', cell);
}

export function setDrag(awareness: Awareness, drag: Presence['drag']): void {
  awareness.setLocalStateField('drag', drag);
}

/** A token players may not see, as far as presence needs to know: its id and squares. */
export interface HiddenTokenArea {
  readonly id: string;
  readonly footprint: readonly CellData[];
}

/**
 * What a page may publish on the public doc's awareness (every player receives it): nothing about
 * a hidden token. Dragging one publishes no drag and no cursor (the cursor would carry it across
 * the map); a pointer resting on a hidden token's square publishes no cursor. The server strips
 * hidden drags too (src/server/presenceFilter.ts); this keeps the GM's own page from trying. A
 * ruler (issue 15) from a hidden token, or with any of its squares on one, is not published either.
 */
export function publicPresenceOf<W extends PublishedPresence>(
  wanted: W,
  hidden: readonly HiddenTokenArea[],
): W {
  const { cursor, drag } = wanted;
  const onHidden = (c: CellData): boolean =>
    hidden.some((t) => t.footprint.some((f) => f.x === c.x && f.y === c.y));
  // Issue 15: a ruler from a hidden token, or touching one's squares, is left out entirely.
  const ruler = wanted.ruler && publicRuler(wanted.ruler, hidden, onHidden);
  const withRuler = wanted.ruler === undefined ? {} : { ruler };
  if (drag && hidden.some((t) => t.id === drag.tokenId))
    return { ...wanted, cursor: null, drag: null, ...withRuler };
  return { ...wanted, cursor: cursor !== null && onHidden(cursor) ? null : cursor, drag, ...withRuler };
}

/** What publicPresenceOf reads and writes; the ruler only when the page has one to say. */
export interface PublishedPresence {
  readonly cursor: CellData | null;
  readonly drag: Presence['drag'];
  readonly ruler?: Presence['ruler'];
}

function publicRuler(
  ruler: NonNullable<Presence['ruler']>,
  hidden: readonly HiddenTokenArea[],
  onHidden: (c: CellData) => boolean,
): Presence['ruler'] {
  if (ruler.tokenId !== undefined && hidden.some((t) => t.id === ruler.tokenId)) return null;
  return [ruler.from, ...ruler.waypoints, ruler.to].some(onHidden) ? null : ruler;
}

export function setRuler(awareness: Awareness, ruler: Presence['ruler']): void {
  awareness.setLocalStateField('ruler', ruler);
}

export function ping(awareness: Awareness, cell: CellData, now = Date.now()): void {
  awareness.setLocalStateField('ping', { cell, at: now });
}

/** Everyone else's presence (invalid states from misbehaving clients are skipped). */
export function othersPresence(awareness: Awareness): { clientId: number; presence: Presence }[] {
  const out: { clientId: number; presence: Presence }[] = [];
  awareness.getStates().forEach((state, clientId) => {
    if (clientId === awareness.clientID) return;
    const parsed = PresenceSchema.safeParse(state);
    if (parsed.success) out.push({ clientId, presence: parsed.data });
  });
  return out.sort((a, b) => a.clientId - b.clientId);
}
