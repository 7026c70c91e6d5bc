import type { IntentKind } from '../../schema/intent';
import type { PendingChange, PendingDamage } from '../../schema/logEntry';
import { PendingDamageSchema } from '../../schema/logEntry';
import type { CombatantState } from '../docLayout';
import { combatantStateOf } from '../docLayout';
import type { TableState } from '../snapshot';
import type { IntentWrites } from './IntentWrites';

/** Intents whose state change waits for Apply under `applyResults: 'on-confirm'`. */
export const PENDING_KINDS: readonly IntentKind[] = ['attack', 'area', 'effect'];

/**
 * Action-economy fields: written with the roll even when its result waits, because the action
 * was taken and the dice are final (otherwise an unapplied attack could be made again).
 */
export const ACTION_FIELDS: readonly (keyof CombatantState)[] = [
  'turn',
  'usedThisRound',
  'attackedThisRound',
  'interruptsSinceTurn',
  'interruptLastTurn',
  'slowTurn',
];

/** Equal as stored plain JSON (combatant fields are plain data). */
export const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

interface EffectLike {
  targetId: string;
  application: { immune: string | null; incoming: Record<string, unknown> & { amount: number } } | null;
}

/** The effect components of an attack, area or effect outcome whose main target took damage. */
function mainEffects(outcome: unknown): EffectLike[] {
  const o = (outcome ?? {}) as {
    kind?: string;
    effects?: EffectLike[];
    attack?: { effects?: EffectLike[] } | null;
    effect?: EffectLike | null;
  };
  if (o.kind === 'attack') return o.effects ?? [];
  if (o.kind === 'area') return o.attack?.effects ?? [];
  if (o.kind === 'effect') return o.effect ? [o.effect] : [];
  return [];
}

/**
 * The damage the GM may override: the main target's rolled damage (attack target, the area's
 * attack space, the effect's target), summed over its components, as it arrived before armor.
 */
export function pendingDamageOf(outcome: unknown): PendingDamage | null {
  const hits = mainEffects(outcome).filter((e) => e.application && !e.application.immune);
  const first = hits[0]?.application;
  if (!first || hits.some((h) => h.targetId !== hits[0]!.targetId)) return null;
  const amount = hits.reduce((sum, h) => sum + Math.max(0, h.application!.incoming.amount), 0);
  const parsed = PendingDamageSchema.safeParse({ ...first.incoming, amount, tokenId: hits[0]!.targetId });
  return parsed.success ? parsed.data : null;
}

/**
 * Wraps a resolution's writes for `applyResults: 'on-confirm'`: each combatant's action-economy
 * fields are written now; every other changed field is kept as a pending change on the log entry
 * (written by the commit in the same transaction), for `apply-result` to write later.
 */
export function pendingWrites(inner: IntentWrites, snapshot: TableState): IntentWrites {
  const changes = new Map<string, PendingChange>();
  return {
    ...inner,
    setCombatant(combatant) {
      const next = combatantStateOf(combatant);
      const was = snapshot.tokensById[next.id]?.state;
      if (!was) return inner.setCombatant(next);
      const immediate: Record<string, unknown> = { ...was };
      const change = changes.get(next.id) ?? { tokenId: next.id, before: {}, after: {} };
      for (const key of Object.keys(next) as (keyof CombatantState)[]) {
        if (same(was[key], next[key])) continue;
        if (ACTION_FIELDS.includes(key)) immediate[key] = next[key];
        else {
          if (!(key in change.before)) change.before[key] = was[key];
          change.after[key] = next[key];
        }
      }
      if (Object.keys(change.after).length) changes.set(next.id, change);
      if (!same(immediate, was)) inner.setCombatant(immediate as CombatantState);
    },
    log(entry) {
      const list = [...changes.values()];
      if (list.length === 0) return inner.log(entry);
      const damage = pendingDamageOf(entry.outcome);
      const affects = damage && list.some((c) => c.tokenId === damage.tokenId) ? damage : null;
      inner.log({
        ...entry,
        pending: { status: 'pending', changes: list, damage: affects },
      });
    },
  };
}
