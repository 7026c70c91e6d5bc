import type { Battlefield } from '../../grid/battlefield';
import type { Cell } from '../../grid/cell';
import { reach } from '../../grid/reach';
import type { AttackPositions, AttackReach, SquaresThreatened } from '../../grid/threatSquares';
import { attackPositions, squaresThreatened } from '../../grid/threatSquares';
import type { Ability } from '../../schema/ability';
import type { Combatant } from '../../schema/combatant';
import type { RoomSettings } from '../../schema/settings';
import type { StatusCatalog } from '../../schema/status';
import type { MoveBeforeAttack, TurnNow } from './threatAbilities';
import { threatAbilities } from './threatAbilities';

/** What a threat map is computed from: the battlefield as it stands and the attackers' combatants. */
export interface ThreatInput {
  readonly bf: Battlefield;
  readonly settings: RoomSettings;
  readonly catalog: StatusCatalog;
  /** The fight's current turn; null before combat (everyone judged at the start of a turn). */
  readonly turn: TurnNow | null;
  /** Size of the character the squares are judged for (a square = its footprint's north-west square). */
  readonly targetSize?: number;
}

/** One attack of one attacker: where it may stand to make it, and the squares it threatens. */
export interface AbilityThreat {
  readonly ability: Ability;
  readonly basic: boolean;
  readonly reach: AttackReach;
  readonly positions: AttackPositions;
  readonly squares: SquaresThreatened;
}

/** Everything one attacker threatens on its next turn. */
export interface AttackerThreat {
  readonly id: string;
  readonly combatant: Combatant;
  readonly abilities: readonly AbilityThreat[];
}

/** Where the attacker's footprint may stand before it attacks, with `move` (rulebook: Movement; Run; Dash). */
export function positionsBefore(bf: Battlefield, id: string, move: MoveBeforeAttack): Cell[] {
  const seen = new Set<number>();
  const cells: Cell[] = [];
  const add = (spaces: readonly { cell: Cell }[]) => {
    for (const { cell } of spaces) {
      const k = cell.y * 65536 + cell.x;
      if (!seen.has(k)) {
        seen.add(k);
        cells.push(cell);
      }
    }
  };
  add(reach(bf, id, { budget: move.walk }).spaces);
  if (move.dash > 0) add(reach(bf, id, { budget: move.dash, dash: true }).spaces);
  return cells;
}

/**
 * What `attacker` threatens on its next turn: for each attack it could make (`threatAbilities`),
 * the positions its movement before that attack reaches and the squares each reaches from them.
 * Attacks with the same movement share one reach search.
 */
export function attackerThreat(input: ThreatInput, attacker: Combatant): AttackerThreat {
  const { bf } = input;
  const byMove = new Map<string, AttackPositions>();
  const abilities = threatAbilities(attacker, input.settings, input.catalog, input.turn).map((a) => {
    const key = `${a.move.walk},${a.move.dash}`;
    let positions = byMove.get(key);
    if (!positions) {
      positions = attackPositions(bf, attacker.id, positionsBefore(bf, attacker.id, a.move));
      byMove.set(key, positions);
    }
    const squares = squaresThreatened(bf, positions, a.reach, input.targetSize ?? 1);
    clearOwnSquares(squares, bf, attacker.id);
    return { ability: a.ability, basic: a.basic, reach: a.reach, positions, squares };
  });
  return { id: attacker.id, combatant: attacker, abilities };
}

/** Nobody else stands where the attacker stands now: its own squares are not threatened by it. */
function clearOwnSquares(squares: SquaresThreatened, bf: Battlefield, id: string): void {
  const me = bf.occupants.find((o) => o.id === id);
  if (!me) return;
  for (let dy = 0; dy < me.size; dy++) {
    for (let dx = 0; dx < me.size; dx++) {
      const k = (me.cell.y + dy) * squares.width + me.cell.x + dx;
      squares.attack[k] = -1;
      if (squares.area) squares.area[k] = -1;
    }
  }
}

/** One way a square is threatened, for the inspector: who, with what, from where. */
export interface ThreatAt {
  readonly attackerId: string;
  readonly ability: Ability;
  readonly basic: boolean;
  /** The attacker's north-west square when it attacks, and its index in the ability's positions. */
  readonly from: Cell;
  readonly fromIndex: number;
  /** `attack`: the square can be the roll's target (or an area's attack space); `area`: only inside an area. */
  readonly space: 'attack' | 'area';
  readonly cover: boolean;
}

/** Every way square (x, y) is threatened by `attackers`, attack spaces first. */
export function threatsAt(attackers: readonly AttackerThreat[], x: number, y: number): ThreatAt[] {
  const out: ThreatAt[] = [];
  for (const space of ['attack', 'area'] as const) {
    for (const a of attackers) {
      for (const t of a.abilities) {
        const k = y * t.squares.width + x;
        const from = space === 'attack' ? t.squares.attack[k]! : (t.squares.area?.[k] ?? -1);
        if (from < 0) continue;
        if (space === 'area' && t.squares.attack[k]! >= 0) continue;
        out.push({
          attackerId: a.id,
          ability: t.ability,
          basic: t.basic,
          from: t.positions.cells[from]!,
          fromIndex: from,
          space,
          cover: space === 'attack' && t.squares.cover[k] === 1,
        });
      }
    }
  }
  return out;
}

/**
 * Per map square, how many attackers threaten it (`count`: by an attack or inside an area) and
 * how many can make it an attack's target (`attackCount`), added one attacker at a time (a page
 * adds each as it arrives instead of all at the end).
 */
export class ThreatCounter {
  readonly count: Uint8Array;
  readonly attackCount: Uint8Array;
  private readonly mine: Uint8Array;

  constructor(width: number, height: number) {
    this.count = new Uint8Array(width * height);
    this.attackCount = new Uint8Array(width * height);
    this.mine = new Uint8Array(width * height);
  }

  add(a: AttackerThreat): void {
    const { mine, count, attackCount } = this;
    mine.fill(0);
    for (const t of a.abilities) {
      const { attack, area } = t.squares;
      for (let k = 0; k < mine.length; k++) {
        if (attack[k]! >= 0) mine[k] = 2;
        else if (area && area[k]! >= 0 && mine[k] === 0) mine[k] = 1;
      }
    }
    for (let k = 0; k < mine.length; k++) {
      if (mine[k]! > 0 && count[k]! < 255) count[k]!++;
      if (mine[k] === 2 && attackCount[k]! < 255) attackCount[k]!++;
    }
  }
}

/** ThreatCounter over all of `attackers` at once. */
export function threatCounts(
  attackers: readonly AttackerThreat[],
  width: number,
  height: number,
): { count: Uint8Array; attackCount: Uint8Array } {
  const counter = new ThreatCounter(width, height);
  for (const a of attackers) counter.add(a);
  return { count: counter.count, attackCount: counter.attackCount };
}
