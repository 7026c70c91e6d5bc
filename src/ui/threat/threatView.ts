import type { Battlefield } from '../../grid/battlefield';
import type { Cell } from '../../grid/cell';
import type { Combatant } from '../../schema/combatant';
import type { CellData } from '../../schema/cell';
import type { DangerMap } from '../../rules/threat/danger';
import { DangerJudge, dangerSteps, withoutCharacter } from '../../rules/threat/danger';
import { ThreatCache } from '../../rules/threat/threatCache';
import type { AttackerThreat, ThreatInput } from '../../rules/threat/threatMap';
import { ThreatCounter, threatsAt } from '../../rules/threat/threatMap';
import type { ThreatPictureData } from './threatPicture';
import { timed } from './threatTimings';

/** Whose attacks the overlay shows: a side, or one character's (by id). */
export type ThreatWho = 'foes' | 'party' | { readonly id: string };

/** One character the threat map knows: its token's place, its name, and its full stats when this reader has them. */
export interface ThreatCharacter {
  readonly id: string;
  readonly name: string;
  readonly side: 'party' | 'foes';
  readonly cell: CellData;
  readonly combatant: Combatant | null;
  readonly incapacitated: boolean;
}

/** What the overlay is computed from, built by the room (snapshot) or the encounter builder (draft). */
export interface ThreatSource {
  readonly input: ThreatInput;
  readonly characters: readonly ThreatCharacter[];
}

/** What the overlay shows, computed. */
export interface ThreatView extends ThreatPictureData {
  readonly attackers: readonly AttackerThreat[];
  /** For the danger heat map and the inspector's chance to hit on an empty square. */
  readonly planned: ThreatCharacter | null;
  readonly dangerMap: DangerMap | null;
  /** Names of characters left out: their stats are hidden from this reader. */
  readonly leftOut: readonly string[];
  /** The battlefield the danger is judged on (without the planned-for character). */
  readonly bf: Battlefield;
  readonly source: ThreatSource;
}

/** Keeps the threat maps of one page between computations (a move recomputes only who it touches). */
export class ThreatComputer {
  private readonly cache = new ThreatCache();
  private readonly dangerCache = new ThreatCache();
  private generation = 0;
  /** The last view and what it was computed from: a change that touches none of it (a chat line, a log entry) reuses it. */
  private last: {
    attackers: AttackerThreat[];
    foes: AttackerThreat[];
    key: string;
    view: ThreatView;
  } | null = null;

  /**
   * Computes the view, one attacker per task: between attackers it yields to the page (a new
   * frame, a pointer move), so no task runs long however many foes there are; a newer call makes
   * an older one stop (null).
   */
  async compute(
    source: ThreatSource,
    who: ThreatWho,
    plannedId: string | null,
    danger: boolean,
    yieldToPage: () => Promise<void> = () => new Promise((r) => setTimeout(r, 0)),
  ): Promise<ThreatView | null> {
    const mine = ++this.generation;
    const { input, characters } = source;
    const { width, height } = input.bf.map;
    const chosen = characters.filter(
      (c) => !c.incapacitated && (typeof who === 'string' ? c.side === who : c.id === who.id),
    );
    const leftOut = chosen.filter((c) => !c.combatant).map((c) => c.name);
    const attackers: AttackerThreat[] = [];
    const counter = new ThreatCounter(width, height);
    for (const c of chosen) {
      if (!c.combatant) continue;
      const combatant = c.combatant;
      timed('attacker', () => {
        const threat = this.cache.get(input, combatant);
        attackers.push(threat);
        counter.add(threat);
      });
      await yieldToPage();
      if (mine !== this.generation) return null;
    }
    const planned = characters.find((c) => c.id === plannedId && c.combatant) ?? null;
    let dangerResult: DangerMap | null = null;
    const bf = planned ? withoutCharacter(input.bf, planned.id) : input.bf;
    const foes: AttackerThreat[] = [];
    // Everything else the view reads: who is chosen and left out, the planned-for character, where everyone stands.
    const key = JSON.stringify([who, danger, leftOut, planned, input.bf.occupants]);
    const without: ThreatInput | null =
      danger && planned?.combatant ? { ...input, bf, targetSize: planned.combatant.statBlock.size } : null;
    if (without) {
      for (const c of characters) {
        if (c.incapacitated || !c.combatant || c.side === planned!.side) continue;
        const combatant = c.combatant;
        foes.push(timed('attacker (danger)', () => this.dangerCache.get(without, combatant)));
        await yieldToPage();
        if (mine !== this.generation) return null;
      }
    }
    const last = this.last;
    if (last && last.key === key && same(last.attackers, attackers) && same(last.foes, foes))
      return last.view;
    if (without && planned?.combatant) {
      const steps = dangerSteps(without, planned.combatant, foes, input.bf);
      for (;;) {
        const step = timed('danger', () => steps.next());
        if (step.done) {
          dangerResult = step.value;
          break;
        }
        await yieldToPage();
        if (mine !== this.generation) return null;
      }
    }
    const { count, attackCount } = counter;
    const view: ThreatView = {
      width,
      height,
      count,
      attackCount,
      danger: dangerResult?.expected ?? null,
      safest: dangerResult?.safest ?? [],
      attackers,
      planned,
      dangerMap: dangerResult,
      leftOut: [
        ...leftOut,
        ...(danger && planned
          ? characters
              .filter(
                (c) =>
                  c.side !== planned.side && !c.combatant && !c.incapacitated && !leftOut.includes(c.name),
              )
              .map((c) => c.name)
          : []),
      ],
      bf,
      source,
    };
    this.last = { attackers, foes, key, view };
    return view;
  }
}

/** The same attackers' threats, object for object (the caches hand back the very same when nothing changed). */
function same(a: readonly AttackerThreat[], b: readonly AttackerThreat[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** One line of the inspector: who can hit the square, with what, from where, and how likely. */
export interface ThreatRow {
  readonly attacker: string;
  readonly ability: string;
  readonly from: CellData;
  readonly space: 'attack' | 'area';
  /** "62% to hit Ranger (10% critical), about 4.2 damage"; null when the target's stats are unknown. */
  readonly odds: string | null;
  readonly cover: boolean;
}

const percent = (p: number) => `${Math.round(p * 100)}%`;

/**
 * The inspector's lines for square (x, y): every attack that reaches it, with the chance to hit
 * the character standing there (else the one planned for; never one of the attacker's own side,
 * who cannot be attacked), counted by the danger's judge: the resolution's own functions.
 */
export function threatRows(
  view: ThreatView,
  x: number,
  y: number,
): { target: string | null; rows: ThreatRow[] } {
  const { characters, input } = view.source;
  const names = new Map(characters.map((c) => [c.id, c.name]));
  const standing = input.bf.occupants.find(
    (o) => x >= o.cell.x && x < o.cell.x + o.size && y >= o.cell.y && y < o.cell.y + o.size,
  );
  const onSquare = standing ? characters.find((c) => c.id === standing.id) : undefined;
  const judges = new Map<string, DangerJudge>();
  const judgeOf = (c: ThreatCharacter): DangerJudge | null => {
    if (!c.combatant) return null;
    let j = judges.get(c.id);
    if (!j)
      judges.set(c.id, (j = new DangerJudge(view.bf, c.combatant, input.settings, input.turn !== null)));
    return j;
  };
  const rows = threatsAt(view.attackers, x, y).flatMap((t): ThreatRow[] => {
    const a = view.attackers.find((b) => b.id === t.attackerId)!;
    const side = a.combatant.side;
    const target = [onSquare, view.planned].find((c) => c && c.side !== side) ?? null;
    if (onSquare?.id === a.id) return [];
    const threat = a.abilities.find((b) => b.ability === t.ability)!;
    const judge = target ? judgeOf(target) : null;
    let odds: string | null = null;
    if (judge && target) {
      const at = (target === onSquare ? onSquare.cell : { x, y }) as Cell;
      const roll = judge.roll(a.combatant, threat, t.fromIndex, at, t.space);
      const hit = roll.chance.hit.value + roll.chance.critical.value;
      odds =
        t.space === 'attack' && threat.ability.attack
          ? `${percent(hit)} to hit ${target.name} (${percent(roll.chance.critical.value)} critical), about ${roll.expected.toFixed(1)} damage`
          : `inside the area: about ${roll.expected.toFixed(1)} damage to ${target.name}, no roll`;
    }
    return [
      {
        attacker: names.get(t.attackerId) ?? a.combatant.name,
        ability: t.ability.name,
        from: t.from,
        space: t.space,
        odds,
        cover: t.cover,
      },
    ];
  });
  return { target: onSquare?.name ?? view.planned?.name ?? null, rows };
}
