import type { LogEntry } from '../../schema/logEntry';
import { outcomeOf } from '../../schema/outcome';
import { movedOnTo } from './logScenes';

/** A roll about a foe whose stats the GM keeps hidden: players get only its verdict and summary. */
export const isRedacted = (e: LogEntry): boolean => !!e.outcome && 'redacted' in e.outcome;

/**
 * The newest attack or area resolution in the log, or any roll still waiting for Apply (what the
 * result panel shows by default), since the party arrived in the scene it is in: after a switch
 * the card is empty until the first roll there, never the old fight's last one.
 */
export function latestResolution(log: readonly LogEntry[]): LogEntry | null {
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i]!;
    if (movedOnTo(e)) return null;
    if (
      e.pending?.status === 'pending' ||
      (e.kind === 'attack' && outcomeOf(e.outcome, 'attack')) ||
      (e.kind === 'area' && outcomeOf(e.outcome, 'area')) ||
      ((e.kind === 'attack' || e.kind === 'area') && isRedacted(e))
    )
      return e;
  }
  return null;
}
