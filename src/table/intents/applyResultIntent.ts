import type { IntentOf } from '../../schema/intent';
import type { LogEntry, PendingDamage, PendingResult } from '../../schema/logEntry';
import type { TableDiff } from '../../schema/tableDiff';
import { EMPTY_DIFF } from '../../schema/tableDiff';
import type { IncomingDamage } from '../../rules/applyDamage';
import { applyDamage } from '../../rules/applyDamage';
import type { OutcomeOf, StoredOutcome } from '../../schema/outcome';
import { fullOutcome } from '../../schema/outcome';
import { diffTokenIds, staleParts } from '../tableDiff';
import type { IntentContext, IntentHandler, Refusal } from './IntentContext';
import { refuse } from './IntentContext';
import { nameOf } from './combatants';
import { healthWord } from './redactLog';
import { defineAction } from './defineAction';
import type { Narrate, NarrationWords } from './narration';
import { narrated } from './narration';

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

type AppliedChange = NonNullable<OutcomeOf<'apply-result'>['changes']>[number];

/** What the diff changes on each token, as the table stands before it is written. */
function appliedChanges(ctx: IntentContext, diff: TableDiff): AppliedChange[] {
  return diff.tokens.flatMap((change) => {
    const before = ctx.snapshot.tokensById[change.tokenId]?.state;
    const after = before && change.state ? { ...before, ...change.state.after } : null;
    const health =
      before && after
        ? { hpBefore: before.hp, hpAfter: after.hp, vigorBefore: before.vigor, vigorAfter: after.vigor }
        : null;
    const to = change.cell?.after;
    if (!health && !to) return [];
    return [{ tokenId: change.tokenId, ...(health ? { health } : {}), ...(to ? { to } : {}) }];
  });
}

/**
 * "Orc: HP 32 → 20, vigor 0 → 0" / "Orc: to (3,4)" for a changed token. `forPlayers`: a foe whose
 * HP players do not receive (`foeHp`) reads "Orc: 12 damage (bloodied)" instead.
 */
function changeLine(c: AppliedChange, words: NarrationWords, forPlayers: boolean): string[] {
  const parts: string[] = [];
  const shown = words.hpShown(c.tokenId);
  const h = c.health;
  if (h && forPlayers && shown.mode !== 'exact') {
    const lost = h.hpBefore + h.vigorBefore - h.hpAfter - h.vigorAfter;
    if (lost > 0) parts.push(`${lost} damage${healthWord(h.hpAfter, shown)}`);
  } else if (h) {
    parts.push(`HP ${h.hpBefore} → ${h.hpAfter}, vigor ${h.vigorBefore} → ${h.vigorAfter}`);
  }
  if (c.to) parts.push(`to (${c.to.x},${c.to.y})`);
  return parts.length ? [`${words.name(c.tokenId)}: ${parts.join(', ')}`] : [];
}

/** The settled line's words, quoted by the line that applies or discards it. */
function settledLine(entry: LogEntry): { summary: string; redacted?: string } {
  return { summary: entry.summary, ...(entry.redacted ? { redacted: entry.redacted.summary } : {}) };
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
  const by = ctx.senderName;
  const settled: PendingResult = {
    ...entry.pending,
    status: 'applied',
    settledBy: by,
    settledAt: ctx.now,
    ...(override !== undefined && damage
      ? { override: { original: damage.amount, value: override, by } }
      : {}),
  };
  const outcome = {
    kind: 'apply-result' as const,
    logId: entry.id,
    override: settled.override ?? null,
    by,
    line: settledLine(entry),
    changes: appliedChanges(ctx, diff),
    surrendered,
  };
  return {
    ok: true,
    outcome,
    diff,
    settle: { ...entry, pending: settled },
    log: [
      {
        kind: 'damage',
        actor: entry.actor,
        ...narrated(ctx, narrateApplyResult, outcome),
        outcome,
        gmOnly: entry.gmOnly,
        about: diffTokenIds(entry.pending.diff),
      },
    ],
  };
};

/**
 * "Mia applies: Ana hits Orc with Slash for 12 damage", with the GM's damage override and each
 * changed token's HP or square under it. Players who read the applied line's twin read this
 * line's twin: the HP lines as the room's `foeHp` shows them, not the damage before armor.
 */
export const narrateApplyResult: Narrate<'apply-result'> = (o, words) => {
  const by = o.by ?? o.override?.by ?? 'someone';
  const line = o.line ?? { summary: 'a result' };
  const surrendered = (o.surrendered ?? []).map(
    (id) => `${words.name(id)} surrendered: immune to this ability, nothing was applied`,
  );
  const lines = (forPlayers: boolean) => [
    ...(o.changes ?? []).flatMap((c) => changeLine(c, words, forPlayers)),
    ...surrendered,
  ];
  const override = o.override
    ? [
        `${o.override.by} changed the damage from ${o.override.original} to ${o.override.value} (before armor and vigor)`,
      ]
    : [];
  return {
    gm: { summary: `${by} applies: ${line.summary}`, details: [...override, ...lines(false)] },
    ...(line.redacted !== undefined
      ? { players: { summary: `${by} applies: ${line.redacted}`, details: lines(true) } }
      : {}),
  };
};

/** `discard-result` (GM): the roll stays in the log with its dice; its change is never written. */
export const discardResultIntent: IntentHandler<IntentOf<'discard-result'>> = (ctx, intent) => {
  const entry = pendingEntry(ctx, intent.logId);
  if ('ok' in entry) return entry;
  const by = ctx.senderName;
  const settled: PendingResult = { ...entry.pending, status: 'discarded', settledBy: by, settledAt: ctx.now };
  const outcome = { kind: 'discard-result' as const, logId: entry.id, by, line: settledLine(entry) };
  return {
    ok: true,
    outcome,
    diff: EMPTY_DIFF,
    settle: { ...entry, pending: settled },
    log: [
      {
        // A note without the outcome (nothing changed, nothing to verify): its words are still
        // the outcome's.
        kind: 'note',
        actor: 'gm',
        ...narrated(ctx, narrateDiscardResult, outcome),
        gmOnly: entry.gmOnly,
        about: [entry.actor, ...diffTokenIds(entry.pending.diff)],
      },
    ],
  };
};

/** "GM discards the result: Ana hits Orc with Slash for 12 damage" (its twin for players who read one). */
export const narrateDiscardResult: Narrate<'discard-result'> = (o) => {
  const by = o.by ?? 'the GM';
  const line = o.line ?? { summary: 'a result' };
  return {
    gm: { summary: `${by} discards the result: ${line.summary}`, details: [] },
    ...(line.redacted !== undefined
      ? { players: { summary: `${by} discards the result: ${line.redacted}`, details: [] } }
      : {}),
  };
};

export const applyResultAction = defineAction({
  kind: 'apply-result',
  roles: 'any',
  resolve: applyResultIntent,
  narrate: { 'apply-result': narrateApplyResult },
});
export const discardResultAction = defineAction({
  kind: 'discard-result',
  roles: { gm: 'discard a result' },
  resolve: discardResultIntent,
  narrate: { 'discard-result': narrateDiscardResult },
});
