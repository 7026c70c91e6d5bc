import type { LogEntry } from '../../schema/logEntry';
import type { DiffPart, TableDiff } from '../../schema/tableDiff';
import { diffByParts } from '../../schema/tableDiff';
import { diffFor } from '../tableDiff';

/* What players read of a log line the server writes (docs/table/hidden-information.md). */

/** Combatant fields players do not receive of a foe whose HP the room keeps from them. */
export const HP_FIELDS = ['hp', 'vigor', 'wounds', 'lastMove'] as const;

/** A token's part of a diff without its HP fields; null when nothing else is left. */
function withoutHp(change: TableDiff['tokens'][number]): TableDiff['tokens'][number] | null {
  if (!change.state) return change;
  const strip = (fields: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(fields).filter(([k]) => !(HP_FIELDS as readonly string[]).includes(k)));
  const before = strip(change.state.before);
  const after = strip(change.state.after);
  const { state: _state, ...rest } = change;
  if (Object.keys(after).length === 0 && Object.keys(before).length === 0) return rest.cell ? rest : null;
  return { ...rest, state: { before, after } };
}

/**
 * The entry with every diff part about a hidden token left out (its own diff and its pending
 * result's), the HP fields of foes whose HP players do not receive (`hpHidden`), and every
 * GM-only interrupt offer (a foe's abilities); the same object when there is none, so callers
 * can tell.
 */
export function withoutHidden(
  entry: LogEntry,
  isHidden: (tokenId: string) => boolean,
  hpHidden: (tokenId: string) => boolean,
): LogEntry {
  // A hidden token's name stays in the GM's copy only.
  if (entry.names && Object.keys(entry.names).some(isHidden)) {
    const names = Object.fromEntries(Object.entries(entry.names).filter(([id]) => !isHidden(id)));
    return withoutHidden({ ...entry, names }, isHidden, hpHidden);
  }
  const hpIn = (t: TableDiff['tokens'][number]) =>
    hpHidden(t.tokenId) && !!t.state && HP_FIELDS.some((k) => k in t.state!.after || k in t.state!.before);
  const touches = (diff: TableDiff | undefined) =>
    !!diff?.tokens.some((t) => isHidden(t.tokenId) || hpIn(t)) || !!diff?.offers?.some((o) => o.gmOnly);
  if (!touches(entry.diff) && !touches(entry.pending?.diff)) return entry;
  const shown = (diff: TableDiff): TableDiff => {
    const visible = diffFor(diff, (id) => !isHidden(id));
    return diffByParts((part) => PLAYERS_SEE[part](visible[part] as never, hpHidden));
  };
  return {
    ...entry,
    ...(entry.diff ? { diff: shown(entry.diff) } : {}),
    ...(entry.pending ? { pending: { ...entry.pending, diff: shown(entry.pending.diff) } } : {}),
  };
}

/**
 * What players read of each part of a diff about visible tokens: a foe's HP fields only where the
 * room gives players its HP, interrupt offers only when not the GM's; terrain and turn order whole.
 */
const PLAYERS_SEE: {
  readonly [P in DiffPart]-?: (part: TableDiff[P], hpHidden: (tokenId: string) => boolean) => TableDiff[P];
} = {
  tokens: (tokens, hpHidden) =>
    tokens.flatMap((t) => {
      const part = hpHidden(t.tokenId) ? withoutHp(t) : t;
      return part ? [part] : [];
    }),
  terrain: (terrain) => terrain,
  turn: (turn) => turn,
  offers: (offers) => {
    const told = offers?.filter((o) => !o.gmOnly);
    return told?.length ? told : undefined;
  },
};
