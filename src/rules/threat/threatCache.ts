import type { Combatant } from '../../schema/combatant';
import type { AttackerThreat, ThreatInput } from './threatMap';
import { attackerThreat } from './threatMap';
import { threatAbilities } from './threatAbilities';

/**
 * A map's content as a short key, computed once per map object: a room's snapshots may hand out a
 * new but equal map after every change, and an equal map must not recompute anyone.
 */
const mapKeys = new WeakMap<object, string>();
function mapKey(map: ThreatInput['bf']['map']): string {
  let key = mapKeys.get(map);
  if (key === undefined) {
    // FNV-1a over the squares' codes and heights, destructible squares and doors, plus the size.
    let h = 0x811c9dc5;
    const text = [
      map.cells.join(''),
      map.heights.join(''),
      JSON.stringify(map.destructible),
      JSON.stringify(map.doors ?? []),
    ].join('|');
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    key = `${map.width}x${map.height}:${(h >>> 0).toString(36)}:${text.length}`;
    mapKeys.set(map, key);
  }
  return key;
}

/** A small number per object, so a key can name "these very settings" cheaply. */
const identities = new WeakMap<object, number>();
let nextIdentity = 1;
function identity(o: object): number {
  let n = identities.get(o);
  if (n === undefined) {
    n = nextIdentity++;
    identities.set(o, n);
  }
  return n;
}

/**
 * Keeps each attacker's threat until something it depends on changes, so one token's move
 * recomputes only the attackers near it. An attacker's squares depend on the map, the settings,
 * its own state and the characters within its movement (plus its Size and two squares: they
 * obstruct, engage, and make a ranged roll cursed); sight ignores characters, so nobody farther
 * away can change them.
 */
export class ThreatCache {
  private readonly entries = new Map<string, { key: string; threat: AttackerThreat }>();

  /** The attacker's threat, from the cache when nothing it depends on changed. */
  get(input: ThreatInput, attacker: Combatant): AttackerThreat {
    const key = this.keyOf(input, attacker);
    const known = this.entries.get(attacker.id);
    if (known && known.key === key) return known.threat;
    const threat = attackerThreat(input, attacker);
    this.entries.set(attacker.id, { key, threat });
    return threat;
  }

  /** Forget attackers not in `ids` (left the battlefield). */
  keepOnly(ids: ReadonlySet<string>): void {
    for (const id of this.entries.keys()) if (!ids.has(id)) this.entries.delete(id);
  }

  private keyOf(input: ThreatInput, attacker: Combatant): string {
    const { bf } = input;
    const me = bf.occupants.find((o) => o.id === attacker.id);
    if (!me) return `gone:${attacker.id}`;
    const moves = threatAbilities(attacker, input.settings, input.catalog, input.turn).map((a) =>
      Math.max(a.move.walk, a.move.dash),
    );
    const r = Math.max(0, ...moves) + me.size + 2;
    const near: string[] = [];
    for (const o of bf.occupants) {
      const gx = Math.max(0, me.cell.x - (o.cell.x + o.size - 1), o.cell.x - (me.cell.x + me.size - 1));
      const gy = Math.max(0, me.cell.y - (o.cell.y + o.size - 1), o.cell.y - (me.cell.y + me.size - 1));
      if (Math.max(gx, gy) <= r)
        near.push(`${o.id}@${o.cell.x},${o.cell.y},${o.size},${o.side},${o.incapacitated ? 1 : 0}`);
    }
    return [
      mapKey(bf.map),
      identity(input.settings),
      identity(input.catalog),
      bf.tallTerrainBlocksSight ?? '',
      bf.defeatedPlayersObstruct ?? '',
      bf.allySpaceForbids ?? '',
      input.targetSize ?? 1,
      input.turn?.actorId === attacker.id ? `acting:${input.turn.turnSerial}` : 'waiting',
      JSON.stringify(attacker),
      near.join(';'),
    ].join('|');
  }
}
