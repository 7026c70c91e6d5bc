import type { Awareness } from 'y-protocols/awareness';
import type { CellData } from '../schema/cell';
import type { Presence } from '../schema/presence';
import { PresenceSchema } from '../schema/presence';

/** A colour per client id, stable across reloads of the same client id. */
export function presenceColor(clientId: number): string {
  return `hsl(${(clientId * 137.508) % 360} 70% 50%)`;
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
 * hidden drags too (src/server/presenceFilter.ts); this keeps the GM's own page from trying.
 */
export function publicPresenceOf(
  wanted: { readonly cursor: CellData | null; readonly drag: Presence['drag'] },
  hidden: readonly HiddenTokenArea[],
): { cursor: CellData | null; drag: Presence['drag'] } {
  const { cursor, drag } = wanted;
  if (drag && hidden.some((t) => t.id === drag.tokenId)) return { cursor: null, drag: null };
  const onHidden =
    cursor !== null && hidden.some((t) => t.footprint.some((c) => c.x === cursor.x && c.y === cursor.y));
  return { cursor: onHidden ? null : cursor, drag };
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
