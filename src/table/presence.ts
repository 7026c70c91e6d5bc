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
