import type { LogEntry, PendingResult } from '../../schema/logEntry';
import type { RedactedOutcome, StoredOutcome } from '../../schema/outcome';
import type { FoeHp } from '../../schema/settings';
import type { TableDiff } from '../../schema/tableDiff';
import { bloodiedAt } from '../../rules/health';

/**
 * Log entries about a foe whose stat block the GM keeps hidden (docs/table.md "Foes with hidden
 * stats"): players get a twin with the same id that says what happened (hit or miss, damage their
 * own characters take) and nothing else; the full entry stays in the secrets doc for the GM.
 */

/** What a player may learn from an outcome about such a foe: its kind and the attack verdict. */
export function redactOutcome(outcome: StoredOutcome): RedactedOutcome {
  if ('redacted' in outcome) return outcome;
  return {
    kind: outcome.kind,
    ...(outcome.kind === 'attack' ? { result: outcome.result } : {}),
    ...(outcome.kind === 'apply-result' || outcome.kind === 'discard-result' ? { logId: outcome.logId } : {}),
    redacted: true,
  };
}

/** A pending result without the rolled damage (before armor, it tells the foe's armor and dice). */
function redactPending(pending: PendingResult): PendingResult {
  const { override: _override, ...rest } = pending;
  return { ...rest, damage: null };
}

/**
 * The public twin of a full entry: same id, time and kind; the redacted text; the dice only when
 * `shown.dice` says so (a foe's HP kept from players, its stats not); `diff`, what players may
 * read of the entry's changes (the writer strips it: IntentWrites `twinDiff`).
 */
export function publicTwin(
  full: LogEntry,
  shown: { summary: string; details: string[]; dice?: boolean },
  diff?: TableDiff,
): LogEntry {
  const outcome = full.outcome && redactOutcome(full.outcome);
  return {
    id: full.id,
    at: full.at,
    kind: full.kind,
    actor: full.actor,
    summary: shown.summary,
    details: shown.details,
    dice: shown.dice ? full.dice : [],
    ...(outcome !== undefined ? { outcome } : {}),
    ...(diff ? { diff } : {}),
    ...(full.pending ? { pending: redactPending(full.pending) } : {}),
    gmOnly: false,
    ...(full.scene ? { scene: full.scene } : {}),
    ...(full.names ? { names: full.names } : {}),
  };
}

/** One character's damage as players may read it: what was lost, not what was rolled. */
interface Taken {
  readonly targetId: string;
  readonly application: { hpBefore: number; hpAfter: number; hpLost: number; vigorLost: number } | null;
}

/** How players read one character's HP (room setting `foeHp`; `maxHp` tells bloodied). */
export interface ShownHp {
  readonly mode: FoeHp;
  readonly maxHp: number | null;
}
const EXACT: ShownHp = { mode: 'exact', maxHp: null };

/** " (bloodied)" / " (defeated)" after a foe's damage, as far as `shown` lets players know. */
export function healthWord(after: number, shown: ShownHp): string {
  if (after === 0) return ' (defeated)';
  if (shown.mode === 'bloodied' && shown.maxHp !== null && bloodiedAt(after, shown.maxHp))
    return ' (bloodied)';
  return '';
}

/**
 * ", Ana takes 7 damage" and "  Ana: HP 10 → 3" for each damaged character whose stat block is
 * public (`nameIfShown` gives its name, or null for a foe whose stats are hidden: its armor would
 * show in rolled-versus-lost damage). A foe whose HP players do not receive (`hpShown`, room
 * setting `foeHp`) gets ", Brute takes 7 damage (bloodied)" and no HP line.
 */
export function shownDamage(
  taken: readonly Taken[],
  nameIfShown: (tokenId: string) => string | null,
  hpShown: (tokenId: string) => ShownHp = () => EXACT,
): { clause: string; details: string[] } {
  const byTarget = new Map<
    string,
    { name: string; before: number; after: number; lost: number; shown: ShownHp }
  >();
  for (const { targetId, application: a } of taken) {
    const name = a ? nameIfShown(targetId) : null;
    if (!a || name === null) continue;
    const seen = byTarget.get(targetId);
    if (seen) byTarget.set(targetId, { ...seen, after: a.hpAfter, lost: seen.lost + a.hpLost + a.vigorLost });
    else
      byTarget.set(targetId, {
        name,
        before: a.hpBefore,
        after: a.hpAfter,
        lost: a.hpLost + a.vigorLost,
        shown: hpShown(targetId),
      });
  }
  const list = [...byTarget.values()].filter((t) => t.lost > 0);
  return {
    clause: list
      .map(
        (t) =>
          `, ${t.name} takes ${t.lost} damage${t.shown.mode === 'exact' ? '' : healthWord(t.after, t.shown)}`,
      )
      .join(''),
    details: list
      .filter((t) => t.shown.mode === 'exact')
      .map((t) => `  ${t.name}: HP ${t.before} → ${t.after}`),
  };
}
