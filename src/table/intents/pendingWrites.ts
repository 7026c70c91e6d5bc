import type { PendingDamage } from '../../schema/logEntry';
import { PendingDamageSchema } from '../../schema/logEntry';
import type { Outcome } from '../../schema/outcome';
import type { EffectOutcomeRecord } from '../../schema/rollRecord';
import type { DiffPart, TableDiff, TokenChange } from '../../schema/tableDiff';
import { diffByParts } from '../../schema/tableDiff';
import type { CombatantState } from '../docLayout';

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

/** The effect components of an attack, area or effect outcome aimed at its main target. */
function mainEffects(outcome: Outcome): readonly EffectOutcomeRecord[] {
  switch (outcome.kind) {
    case 'attack':
      return outcome.effects;
    case 'area':
      return outcome.attack?.effects ?? [];
    case 'effect':
      return outcome.effect ? [outcome.effect] : [];
    default:
      return [];
  }
}

/**
 * The damage the GM may override: the main target's rolled damage (attack target, the area's
 * attack space, the effect's target), summed over its components, as it arrived before armor.
 */
export function pendingDamageOf(outcome: Outcome): PendingDamage | null {
  const hits = mainEffects(outcome).filter((e) => e.application && !e.application.immune);
  const first = hits[0]?.application;
  if (!first || hits.some((h) => h.targetId !== hits[0]!.targetId)) return null;
  const amount = hits.reduce((sum, h) => sum + Math.max(0, h.application!.incoming.amount), 0);
  const parsed = PendingDamageSchema.safeParse({ ...first.incoming, amount, tokenId: hits[0]!.targetId });
  return parsed.success ? parsed.data : null;
}

/** Splits one token's state fields: `now` keeps those `pick` accepts, `later` the others. */
function splitFields(
  change: TokenChange,
  pick: (field: string) => boolean,
): { now: TokenChange | null; later: TokenChange | null } {
  const part = (keep: boolean) => {
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const state = change.state;
    if (!state) return null;
    for (const field of Object.keys(state.after) as (keyof typeof state.after)[]) {
      if (pick(field) !== keep) continue;
      if (field in state.before) before[field] = state.before[field];
      after[field] = state.after[field];
    }
    return Object.keys(after).length ? { before, after } : null;
  };
  const nowState = part(true);
  const laterState = part(false);
  return {
    now: nowState ? { tokenId: change.tokenId, state: nowState } : null,
    later:
      laterState || change.cell
        ? {
            tokenId: change.tokenId,
            ...(laterState ? { state: laterState } : {}),
            ...(change.cell ? { cell: change.cell } : {}),
          }
        : null,
  };
}

/**
 * Room setting `applyResults: 'on-confirm'` (docs/combat.md "Apply on confirm"): the action
 * economy fields are written with the roll (`now`); every other change — other fields, squares,
 * terrain — waits on the log entry (`later`) for `apply-result`. The turn order never waits.
 */
export function splitPending(diff: TableDiff): { now: TableDiff; later: TableDiff } {
  const at = (when: 'now' | 'later') => diffByParts((part) => (WHEN[part] === when ? diff[part] : undefined));
  const now = at('now');
  const later = at('later');
  const isAction = (field: string) => (ACTION_FIELDS as readonly string[]).includes(field);
  for (const change of diff.tokens) {
    const split = splitFields(change, isAction);
    if (split.now) now.tokens.push(split.now);
    if (split.later) later.tokens.push(split.later);
  }
  return { now, later };
}

/**
 * When each part of a diff is written in an on-confirm room: with the roll, on Apply, or field by
 * field (a token's action economy now, the rest later). Offers are made or used when the roll is,
 * like the action economy; the turn order never waits.
 */
const WHEN: { readonly [P in DiffPart]-?: 'now' | 'later' | 'by-field' } = {
  tokens: 'by-field',
  terrain: 'later',
  turn: 'now',
  offers: 'now',
};
