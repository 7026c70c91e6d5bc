import type { IntentOf } from '../../schema/intent';
import type { LogEntry, PendingResult } from '../../schema/logEntry';
import type { CombatantState } from '../docLayout';
import { applyDamage } from '../../rules/applyDamage';
import type { IntentContext, IntentHandler, Refusal } from './IntentContext';
import { refuse } from './IntentContext';
import { nameOf } from './combatants';
import { same } from './pendingWrites';

/** Fields the rules engine's applyDamage decides; an override recomputes exactly these. */
const DAMAGE_FIELDS = ['hp', 'vigor', 'wounds', 'incapacitated', 'defeated', 'dead'] as const;

type Pending = LogEntry & { pending: PendingResult };

/** The log entry with a result still waiting, if this sender may see it. */
function pendingEntry(ctx: IntentContext, logId: string): Pending | Refusal {
  const found = ctx.logEntry(logId);
  // An entry only the secrets doc holds is GM-only whatever its flag says: players learn nothing.
  const hidden = found && (found.secret || found.entry.gmOnly) && ctx.actor.role !== 'gm';
  if (!found || hidden) return refuse(`there is no log entry '${logId}'`);
  const entry = found.entry;
  if (!entry.pending) return refuse('that roll has no result waiting to be applied');
  const by = entry.pending.settledBy ?? 'someone';
  if (entry.pending.status === 'applied') return refuse(`that result was already applied (by ${by})`);
  if (entry.pending.status === 'discarded') return refuse(`that result was discarded (by ${by})`);
  return entry as Pending;
}

/**
 * Stale check (docs/combat.md "Apply on confirm"): every field the roll changes must still hold
 * the value it had when the dice were rolled. Changes to other fields (the attacker moving, a new
 * turn's action reset) do not make the result stale.
 */
function staleReason(ctx: IntentContext, entry: Pending, skipped: readonly string[]): string | null {
  for (const change of entry.pending.changes) {
    if (skipped.includes(change.tokenId)) continue;
    const state = ctx.snapshot.tokensById[change.tokenId]?.state as Record<string, unknown> | undefined;
    const name = nameOf(ctx, change.tokenId);
    if (!state) return `the result is stale: ${name} is no longer on the table`;
    for (const [field, was] of Object.entries(change.before)) {
      if (!same(state[field], was))
        return `the result is stale: ${name}'s ${field} changed since the roll (was ${JSON.stringify(was)}, now ${JSON.stringify(state[field])}); discard it, or set the numbers by hand`;
    }
  }
  return null;
}

/**
 * `apply-result`: writes a pending roll's state change in one transaction and logs who applied it
 * (kind 'damage', so the GM's "Undo this application" takes it back like any roll). The GM may
 * replace the rolled damage; the target's damage fields are then recomputed by the rules engine.
 */
export const applyResultIntent: IntentHandler<IntentOf<'apply-result'>> = (ctx, intent) => {
  const entry = pendingEntry(ctx, intent.logId);
  if ('ok' in entry) return entry;
  if (ctx.actor.role === 'player') {
    const mine = ctx.actor.characterIds;
    const owners = ctx.snapshot.tokensById[entry.actor]?.ownerIds ?? [];
    if (!owners.some((id) => mine.includes(id)))
      return refuse(`only the GM or ${nameOf(ctx, entry.actor)}'s player may apply this result`);
    if (intent.damageOverride !== undefined) return refuse('only the GM may change the damage');
  }
  const damage = entry.pending.damage;
  if (intent.damageOverride !== undefined && !damage) return refuse('this result has no damage to override');
  // "When any character would be damaged … they can instead surrender … immune to all damage and
  // effects from that action": a character who surrendered since the roll is skipped (one who had
  // surrendered before it was immune and has no change here), the rest still lands
  // (docs/rules.md#surrender).
  const surrendered = entry.pending.changes
    .map((c) => c.tokenId)
    .filter((id) => ctx.snapshot.tokensById[id]?.state?.surrendered);
  const stale = staleReason(ctx, entry, surrendered);
  if (stale) return refuse(stale);

  const override =
    intent.damageOverride !== undefined && damage && intent.damageOverride !== damage.amount
      ? intent.damageOverride
      : undefined;
  const states: CombatantState[] = [];
  const details: string[] = [];
  for (const change of entry.pending.changes) {
    const token = ctx.snapshot.tokensById[change.tokenId]!;
    if (surrendered.includes(change.tokenId)) {
      details.push(`${token.name} surrendered: immune to this ability, nothing was applied`);
      continue;
    }
    const current = token.state!;
    let next = { ...current, ...change.after } as CombatantState;
    if (override !== undefined && damage?.tokenId === change.tokenId && token.statBlock) {
      const { tokenId: _t, ...incoming } = damage;
      const hit = applyDamage(
        { ...current, statBlock: token.statBlock },
        { ...incoming, amount: override },
        ctx.snapshot.settings,
      );
      const recomputed: Record<string, unknown> = {};
      for (const f of DAMAGE_FIELDS) recomputed[f] = hit.combatant[f];
      next = { ...next, ...recomputed } as CombatantState;
    }
    states.push(next);
    details.push(`${token.name}: HP ${current.hp} → ${next.hp}, vigor ${current.vigor} → ${next.vigor}`);
  }
  const by = ctx.senderName;
  // Players' lines for an entry they saw redacted: the HP lines, not the damage before armor.
  const shownDetails = [...details];
  if (override !== undefined && damage)
    details.unshift(`${by} changed the damage from ${damage.amount} to ${override} (before armor and vigor)`);
  const settled: PendingResult = {
    ...entry.pending,
    status: 'applied',
    settledBy: by,
    settledAt: ctx.now,
    ...(override !== undefined && damage
      ? { override: { original: damage.amount, value: override, by } }
      : {}),
  };
  return {
    ok: true,
    outcome: { kind: 'apply-result', logId: entry.id, override: settled.override ?? null },
    commit(w) {
      for (const state of states) w.setCombatant(state);
      w.updateLog({ ...entry, pending: settled });
      w.log({
        kind: 'damage',
        actor: entry.actor,
        summary: `${by} applies: ${entry.summary}`,
        details,
        outcome: { kind: 'apply-result', logId: entry.id, override: settled.override ?? null },
        gmOnly: entry.gmOnly,
        about: entry.pending.changes.map((c) => c.tokenId),
        ...(entry.redacted
          ? { redacted: { summary: `${by} applies: ${entry.redacted.summary}`, details: shownDetails } }
          : {}),
      });
    },
  };
};

/** `discard-result` (GM): the roll stays in the log with its dice; its change is never written. */
export const discardResultIntent: IntentHandler<IntentOf<'discard-result'>> = (ctx, intent) => {
  const entry = pendingEntry(ctx, intent.logId);
  if ('ok' in entry) return entry;
  const settled: PendingResult = {
    ...entry.pending,
    status: 'discarded',
    settledBy: ctx.senderName,
    settledAt: ctx.now,
  };
  return {
    ok: true,
    outcome: { kind: 'discard-result', logId: entry.id },
    commit(w) {
      w.updateLog({ ...entry, pending: settled });
      w.log({
        kind: 'note',
        actor: 'gm',
        summary: `${ctx.senderName} discards the result: ${entry.summary}`,
        gmOnly: entry.gmOnly,
        about: [entry.actor, ...entry.pending.changes.map((c) => c.tokenId)],
        ...(entry.redacted
          ? { redacted: { summary: `${ctx.senderName} discards the result: ${entry.redacted.summary}` } }
          : {}),
      });
    },
  };
};
