import type { LogEntry } from '../../schema/logEntry';
import { outcomeOf } from '../../schema/outcome';
import type { TurnOrder } from '../../schema/turnOrder';

/**
 * One fight in a log (docs/ui/step-through.md): from a "Combat starts" entry (outcome
 * `start-combat`) to the next "Combat ends" entry (outcome `end-combat`), both included; a fight
 * still running ends at the log's last entry. Indices into the log; `ended` false = running.
 */
export interface Fight {
  readonly first: number;
  readonly last: number;
  readonly ended: boolean;
}

const starts = (e: LogEntry): boolean => outcomeOf(e.outcome, 'start-combat') !== null;
const ends = (e: LogEntry): boolean => outcomeOf(e.outcome, 'end-combat') !== null;

/** Every fight in the log, oldest first. Entries outside combat belong to none. */
export function fightsIn(log: readonly LogEntry[]): Fight[] {
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

/** The fight holding entry `entryId`, else the newest fight; null when the log holds none. */
export function fightOf(log: readonly LogEntry[], entryId: string | null): Fight | null {
  const fights = fightsIn(log);
  const at = entryId === null ? -1 : log.findIndex((e) => e.id === entryId);
  return fights.find((f) => at >= f.first && at <= f.last) ?? fights.at(-1) ?? null;
}

/**
 * The round each entry of `fight` happened in, one per entry. The turn order before and after
 * each entry is walked back from `turnNow` through the entries' turn-order diffs (the walk of
 * `tableBefore`). The lines one intent wrote share their time; when that intent started a round,
 * its lines up to a turn's end belong to the round that ended ("Bo ends their turn"), the rest to
 * the new one ("Round 2 begins"). "Combat ends" keeps the round it ended in.
 */
export function roundsOf(log: readonly LogEntry[], fight: Fight, turnNow: TurnOrder | null): number[] {
  const size = fight.last - fight.first + 1;
  const before: (number | null)[] = new Array(size).fill(null);
  const after: (number | null)[] = new Array(size).fill(null);
  let turn = turnNow;
  for (let i = log.length - 1; i >= fight.first; i--) {
    const change = log[i]!.diff?.turn;
    const was = change ? change.before : turn;
    if (i <= fight.last) {
      after[i - fight.first] = turn?.round ?? null;
      before[i - fight.first] = was?.round ?? null;
    }
    turn = was;
  }
  const rounds: number[] = [];
  for (let start = 0; start < size;) {
    let end = start;
    while (end + 1 < size && log[fight.first + end + 1]!.at === log[fight.first + start]!.at) end++;
    const a = before[start] ?? null;
    const b = after[end] ?? null;
    // Lines up to the turn's end stay in the round that ended (none when no round began here).
    let endsTurn = -1;
    if (a !== null && b !== null && b > a)
      for (let i = start; i <= end; i++)
        if (outcomeOf(log[fight.first + i]!.outcome, 'end-turn')) endsTurn = i;
    for (let i = start; i <= end; i++) rounds.push(i <= endsTurn ? a! : (b ?? a ?? 1));
    start = end + 1;
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
