import type { LogEntry } from '../../schema/logEntry';
import { outcomeOf } from '../../schema/outcome';
import type { ActiveScene } from '../../schema/scene';
import { logScenes } from '../combat/logScenes';

/**
 * One fight in a log (docs/ui/step-through.md): from a "Combat starts" entry (outcome
 * `start-combat`) to the next "Combat ends" entry (outcome `end-combat`), both included; a fight
 * still running ends at the log's last entry. Indices into the log; `ended` false = running. Only
 * the active scene's fights since the party arrived can be stepped through (`fightsIn`).
 */
export interface Fight {
  readonly first: number;
  readonly last: number;
  readonly ended: boolean;
}

const starts = (e: LogEntry): boolean => outcomeOf(e.outcome, 'start-combat') !== null;
const ends = (e: LogEntry): boolean => outcomeOf(e.outcome, 'end-combat') !== null;

/** Every fight in the log, oldest first, wherever it was fought. Entries outside combat belong to none. */
function everyFight(log: readonly LogEntry[]): Fight[] {
  const fights: Fight[] = [];
  let first: number | null = null;
  log.forEach((e, i) => {
    if (first === null) {
      if (starts(e)) first = i;
    } else if (ends(e)) {
      fights.push({ first, last: i, ended: true });
      first = null;
    }
  });
  if (first !== null) fights.push({ first, last: log.length - 1, ended: false });
  return fights;
}

/**
 * The fights that can be stepped through, oldest first: those since the party last arrived in
 * the active scene (`scene`, the snapshot's; null in a room that never had a second one). A step
 * walks the room as it is now back through the later entries' diffs, and a switch changes the
 * map, the foes and where the party stands without one: a fight from before it would be drawn on
 * today's map. A switch is refused during combat, so no fight spans one.
 */
export function fightsIn(log: readonly LogEntry[], scene: ActiveScene | null): Fight[] {
  const from = logScenes(log, scene).arrivedAt;
  return everyFight(log).filter((f) => f.first >= from);
}

/** Whether entry `entryId` is in a fight from before the party arrived in the active scene. */
export function inEarlierFight(
  log: readonly LogEntry[],
  entryId: string | null,
  scene: ActiveScene | null,
): boolean {
  const at = entryId === null ? -1 : log.findIndex((e) => e.id === entryId);
  if (at < 0 || at >= logScenes(log, scene).arrivedAt) return false;
  return everyFight(log).some((f) => at >= f.first && at <= f.last);
}

/**
 * The fight holding entry `entryId`, else the newest fight that can be stepped through; null when
 * there is none, or when the entry is in a fight from before the party arrived here (never drawn).
 */
export function fightOf(
  log: readonly LogEntry[],
  entryId: string | null,
  scene: ActiveScene | null,
): Fight | null {
  if (inEarlierFight(log, entryId, scene)) return null;
  const fights = fightsIn(log, scene);
  const at = entryId === null ? -1 : log.findIndex((e) => e.id === entryId);
  return fights.find((f) => at >= f.first && at <= f.last) ?? fights.at(-1) ?? null;
}

/** A "Round 2 begins" line: the GM's turn line that carries no outcome of its own. */
const opensRound = (e: LogEntry): boolean =>
  e.kind === 'turn' && e.actor === 'gm' && e.outcome === undefined && !e.gmOnly;

/**
 * The round each entry of `fight` happened in, one per entry, from the turn order its diffs hold
 * (before and after). An entry that changes the turn order is in the round it leaves the table
 * in, but a turn's end belongs to the round that ended ("Bo ends their turn", whose diff starts
 * round 2). Entries between two such entries are in the round the first leaves; when the next
 * one starts in a later round (a player's log holds no diff of a foe whose HP or stats are kept
 * from players, so the foe's turn end that began the round is not there), the round changes at
 * the "Round N begins" line between them.
 */
export function roundsOf(log: readonly LogEntry[], fight: Fight): number[] {
  const size = fight.last - fight.first + 1;
  const own: (number | null)[] = [];
  const leaves: (number | null)[] = [];
  for (let i = 0; i < size; i++) {
    const e = log[fight.first + i]!;
    const turn = e.diff?.turn;
    const after = turn ? (turn.after ?? turn.before)?.round : undefined;
    // A redacted twin keeps its kind: a foe's turn end reads as one for players too.
    own.push(turn ? ((e.outcome?.kind === 'end-turn' ? turn.before?.round : after) ?? null) : null);
    leaves.push(after ?? null);
  }
  const rounds: number[] = [];
  let previous = 1;
  for (let i = 0; i < size;) {
    if (own[i] !== null) {
      rounds.push(own[i]!);
      previous = leaves[i] ?? own[i]!;
      i++;
      continue;
    }
    // A stretch without turn orders, up to the next entry that has one.
    let end = i;
    while (end < size && own[end] === null) end++;
    const next = end < size ? own[end]! : previous;
    let opened = false;
    for (let k = i; k < end; k++) {
      if (next > previous && opensRound(log[fight.first + k]!)) opened = true;
      rounds.push(opened ? next : previous);
    }
    i = end;
  }
  return rounds;
}

/**
 * The steps "previous round" and "next round" go to from step `at` (indices into the fight's
 * steps): back to the start of this round, or, at its start, of the round before (as a player's
 * "previous track"); forward to the first step of a later round, or the last step when none.
 */
export function roundJumps(rounds: readonly number[], at: number): { previous: number; next: number } {
  const round = rounds[at] ?? 1;
  const start = rounds.indexOf(round);
  const previous = at > start ? start : at > 0 ? rounds.indexOf(rounds[at - 1]!) : 0;
  const next = rounds.findIndex((r, i) => i > at && r > round);
  return { previous, next: next === -1 ? Math.max(0, rounds.length - 1) : next };
}
