import type { IntentOf } from '../../schema/intent';
import type { LogEntry, PendingDamage, PendingResult } from '../../schema/logEntry';
import type { TableDiff } from '../../schema/tableDiff';
import { EMPTY_DIFF } from '../../schema/tableDiff';
import type { IncomingDamage } from '../../rules/applyDamage';
import { applyDamage } from '../../rules/applyDamage';
import type { StoredOutcome } from '../../schema/outcome';
import { fullOutcome } from '../../schema/outcome';
import { diffTokenIds, staleParts } from '../tableDiff';
import type { IntentContext, IntentHandler, Refusal } from './IntentContext';
import { refuse } from './IntentContext';
import { nameOf } from './combatants';
import { healthWord } from './redactLog';
import { hpShownAs } from './shownNames';
import { defineAction } from './defineAction';

/** Fields the rules engine's applyDamage decides; an override recomputes exactly these. */
const DAMAGE_FIELDS = ['hp', 'vigor', 'wounds', 'incapacitated', 'defeated', 'dead'] as const;

type Pending = LogEntry & { pending: PendingResult };

/** The log entry with a result still waiting, if this sender may see it. */
function pendingEntry(ctx: IntentContext, logId: string): Pending | Refusal {
  const found = ctx.logEntry(logId);
  // An entry only the secrets doc holds is GM-only whatever its flag says: players learn nothing.
  const hidden = found && (found.secret || found.entry.gmOnly) && ctx.actor.role !== 'gm';
  if (!found || hidden) return refuse('that result is no longer in the log');
  const entry = found.entry;
  if (!entry.pending) return refuse('that roll has no result waiting to be applied');
  const by = entry.pending.settledBy ?? 'someone';
  if (entry.pending.status === 'applied') return refuse(`that result was already applied (by ${by})`);
  if (entry.pending.status === 'discarded') return refuse(`that result was discarded (by ${by})`);
  return entry as Pending;
}

/**
 * Stale check (docs/combat.md "Apply on confirm"): every part the roll changes must still hold
 * the value it had when the dice were rolled (`staleParts` of its diff). Changes to other fields
 * (the attacker moving, a new turn's action reset) do not make the result stale.
 */
function staleReason(ctx: IntentContext, entry: Pending): string | null {
  const part = staleParts(entry.pending.diff, ctx.snapshot)[0];
  if (!part) return null;
  const name = part.tokenId ? nameOf(ctx, part.tokenId) : null;
  if (part.what === null) return `the result is stale: ${name} is no longer on the table`;
  const whose = name ? `${name}'s ${part.what}` : `the ${part.what}`;
  return `the result is stale: ${whose} changed since the roll (was ${JSON.stringify(part.was)}, now ${JSON.stringify(part.now)}); discard it, or set the numbers by hand`;
}

/** The forced-movement damage (falls, dangerous squares) `tokenId` took in the outcome, in order (a swap does none). */
function forcedDamageOf(outcome: StoredOutcome | undefined, tokenId: string): IncomingDamage[] {
  const full = fullOutcome(outcome);
  const forced = full && 'forced' in full ? (full.forced ?? []) : [];
  return forced
    .flatMap((f) => (f.kind === 'forced-move' && f.tokenId === tokenId ? f.damage : []))
    .map((d) => d.application.incoming);
}

/**
 * The pending diff with the GM's damage override: the target's damage fields recomputed by the
 * rules engine from its state as the roll left it (its `before` values are still current: the
 * stale check passed), other parts unchanged.
 */
function overridden(
  ctx: IntentContext,
  diff: TableDiff,
  damage: PendingDamage,
  amount: number,
  /** Damage the same target took afterwards in the same result (a push's falls), re-applied. */
  later: readonly IncomingDamage[] = [],
): TableDiff {
  const tokens = diff.tokens.map((change) => {
    const token = ctx.snapshot.tokensById[change.tokenId];
    if (change.tokenId !== damage.tokenId || !token?.state || !token.statBlock || !change.state)
      return change;
    const { tokenId: _t, ...incoming } = damage;
    let hit = applyDamage(
      { ...token.state, statBlock: token.statBlock },
      { ...incoming, amount },
      ctx.snapshot.settings,
    );
    for (const next of later) hit = applyDamage(hit.combatant, next, ctx.snapshot.settings);
    const before: Record<string, unknown> = { ...change.state.before };
    const after: Record<string, unknown> = { ...change.state.after };
    const current = token.state as Record<string, unknown>;
    for (const f of DAMAGE_FIELDS) {
      if (!(f in before)) before[f] = current[f];
      after[f] = hit.combatant[f];
    }
    return { ...change, state: { before, after } };
  });
  return { ...diff, tokens };
}

/**
 * "Orc: HP 32 → 20, vigor 0 → 0" / "Orc: to (3,4)" for each token the diff changes. `forPlayers`:
 * a foe whose HP players do not receive (`foeHp`) reads "Orc: 12 damage (bloodied)" instead.
 */
function changeLines(ctx: IntentContext, diff: TableDiff, forPlayers = false): string[] {
  const shownHp = hpShownAs(ctx);
  return diff.tokens.flatMap((change) => {
    const token = ctx.snapshot.tokensById[change.tokenId];
    const name = token?.name ?? change.tokenId;
    const parts: string[] = [];
    const shown = shownHp(change.tokenId);
    if (change.state && token?.state && forPlayers && shown.mode !== 'exact') {
      const next = { ...token.state, ...change.state.after };
      const lost = token.state.hp + token.state.vigor - next.hp - next.vigor;
      if (lost > 0) parts.push(`${lost} damage${healthWord(next.hp, shown)}`);
    } else if (change.state && token?.state) {
      const next = { ...token.state, ...change.state.after } as Record<string, unknown>;
      parts.push(
        `HP ${token.state.hp} → ${String(next['hp'])}, vigor ${token.state.vigor} → ${String(next['vigor'])}`,
      );
    }
    if (change.cell) parts.push(`to (${change.cell.after.x},${change.cell.after.y})`);
    return parts.length ? [`${name}: ${parts.join(', ')}`] : [];
  });
}

/**
 * `apply-result`: writes a pending roll's diff in one transaction and logs who applied it (kind
 * 'damage'; the line carries the diff, so the GM's "Undo this application" takes it back like any
 * roll). The GM may replace the rolled damage; the target's damage fields are then recomputed.
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
  // effects from that action": a character who surrendered since the roll is left out of the
  // result (one who had surrendered before it was immune and has no change in it); the rest still
  // lands (docs/rules/health-and-defeat.md#surrender).
  const surrendered = entry.pending.diff.tokens
    .map((c) => c.tokenId)
    .filter((id) => ctx.snapshot.tokensById[id]?.state?.surrendered);
  const held: Pending = surrendered.length
    ? {
        ...entry,
        pending: {
          ...entry.pending,
          diff: {
            ...entry.pending.diff,
            tokens: entry.pending.diff.tokens.filter((c) => !surrendered.includes(c.tokenId)),
          },
        },
      }
    : entry;
  const stale = staleReason(ctx, held);
  if (stale) return refuse(stale);

  const override =
    intent.damageOverride !== undefined && damage && intent.damageOverride !== damage.amount
      ? intent.damageOverride
      : undefined;
  const diff =
    override !== undefined && damage
      ? overridden(ctx, held.pending.diff, damage, override, forcedDamageOf(entry.outcome, damage.tokenId))
      : held.pending.diff;
  const details = [
    ...changeLines(ctx, diff),
    ...surrendered.map((id) => `${nameOf(ctx, id)} surrendered: immune to this ability, nothing was applied`),
  ];
  const by = ctx.senderName;
  // Players' lines for an entry they saw redacted: the HP lines (as the room's `foeHp` shows
  // them), not the damage before armor.
  const shownDetails = [
    ...changeLines(ctx, diff, true),
    ...surrendered.map((id) => `${nameOf(ctx, id)} surrendered: immune to this ability, nothing was applied`),
  ];
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
  const outcome = { kind: 'apply-result' as const, logId: entry.id, override: settled.override ?? null };
  return {
    ok: true,
    outcome,
    diff,
    settle: { ...entry, pending: settled },
    log: [
      {
        kind: 'damage',
        actor: entry.actor,
        summary: `${by} applies: ${entry.summary}`,
        details,
        outcome,
        gmOnly: entry.gmOnly,
        about: diffTokenIds(entry.pending.diff),
        ...(entry.redacted
          ? { redacted: { summary: `${by} applies: ${entry.redacted.summary}`, details: shownDetails } }
          : {}),
      },
    ],
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
    diff: EMPTY_DIFF,
    settle: { ...entry, pending: settled },
    log: [
      {
        kind: 'note',
        actor: 'gm',
        summary: `${ctx.senderName} discards the result: ${entry.summary}`,
        gmOnly: entry.gmOnly,
        about: [entry.actor, ...diffTokenIds(entry.pending.diff)],
        ...(entry.redacted
          ? { redacted: { summary: `${ctx.senderName} discards the result: ${entry.redacted.summary}` } }
          : {}),
      },
    ],
  };
};

export const applyResultAction = defineAction({
  kind: 'apply-result',
  roles: 'any',
  resolve: applyResultIntent,
});
export const discardResultAction = defineAction({
  kind: 'discard-result',
  roles: { gm: 'discard a result' },
  resolve: discardResultIntent,
});
