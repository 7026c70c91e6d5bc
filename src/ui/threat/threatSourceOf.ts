import type { RoomSnapshot } from '../../table/snapshot';
import { combatantOf } from '../../table/snapshot';
import { battlefieldOf } from '../../table/battlefieldOf';
import type { ThreatSource } from './threatView';

/**
 * The threat map's input from what this reader received: the GM's snapshot holds every token
 * (hidden ones too), a player's only what the server sent. A character whose stats this reader
 * does not have (the GM keeps them secret) has no combatant: it is named as left out, never
 * guessed (docs/ui.md "Threat map").
 */
export function threatSourceOf(snapshot: RoomSnapshot): ThreatSource | null {
  const gm = snapshot.view === 'gm';
  const hidden = gm ? snapshot.tokens.filter((t) => t.hidden).map((t) => t.id) : [];
  const bf = battlefieldOf(snapshot, hidden);
  if (!bf) return null;
  const characters = snapshot.tokens
    .filter((t) => t.combatant && t.state && (gm || !t.hidden))
    .map((t) => ({
      id: t.id,
      name: t.state!.name,
      side: t.side,
      cell: t.cell,
      combatant: combatantOf(t),
      incapacitated: t.state!.incapacitated,
    }));
  const turn = snapshot.turn;
  return {
    input: {
      bf,
      settings: snapshot.settings,
      catalog: snapshot.statusCatalog,
      turn: turn ? { actorId: turn.currentId, turnSerial: turn.turnSerial } : null,
    },
    characters,
  };
}
