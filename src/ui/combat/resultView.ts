import { explainDamageApplication, explainDamageRoll } from '../../rules/explainOutcome';
import { COMPONENT_NAME } from '../../rules/applyEffect';
import { BOON_CURSE_SOURCE_LABEL } from '../../schema/modifier';
import type {
  AttackOutcomeRecord as AttackOutcome,
  DamageApplicationRecord as DamageApplication,
  EffectOutcomeRecord as EffectOutcome,
} from '../../schema/rollRecord';
import type { AbilityMoveOutcome } from '../../schema/outcome';

/** One labelled line of the result panel; `testid` lets tests find exact numbers. */
export interface ResultLine {
  label: string;
  value: string;
  testid?: string;
}

/** An effect as the panel shows it: the damage roll, each reduction step, statuses. */
export interface ResultEffect {
  component: EffectOutcome['component'];
  targetId: string;
  targetName: string;
  lines: ResultLine[];
  /** HP before/after, for the GM's override and undo. */
  application: Pick<DamageApplication, 'hpBefore' | 'hpAfter' | 'vigorLost' | 'hpLost' | 'defeated'> | null;
}

export interface AttackResultView {
  title: string;
  result: 'miss' | 'hit' | 'critical';
  roll: ResultLine[];
  modifiers: ResultLine[];
  effects: ResultEffect[];
}

/** The effect lines: damage roll (tier, bonus, boost, each die), each reduction, HP, statuses. */
export function effectView(effect: EffectOutcome, targetName: string): ResultEffect {
  const lines: ResultLine[] = [{ label: COMPONENT_NAME[effect.component], value: '' }];
  const d = effect.damage;
  if (d) {
    lines.push({ label: 'Damage roll', value: explainDamageRoll(d), testid: 'result-damage-roll' });
    if (d.tier && d.tier !== 'fray') {
      lines.push({
        label: 'Tier',
        value: `${d.tier}${d.requestedTier !== d.tier ? ` (from ${d.requestedTier})` : ''}, boost ${d.boostSteps}, bonus ${d.bonus}`,
      });
    }
    lines.push({ label: 'Damage rolled', value: String(d.total), testid: 'result-damage-total' });
  }
  const a = effect.application;
  if (a) {
    for (const line of explainDamageApplication(a, targetName))
      lines.push({ label: 'Step', value: line.trim() });
    lines.push({
      label: 'Damage taken',
      value: `${a.hpLost} HP${a.vigorLost ? ` + ${a.vigorLost} vigor` : ''}`,
      testid: 'result-damage-taken',
    });
  }
  for (const id of effect.statusesApplied)
    lines.push({ label: 'Status', value: `${targetName} gains ${id}` });
  for (const id of effect.blightsApplied) lines.push({ label: 'Blight', value: `${targetName} gains ${id}` });
  if (effect.vigorGained) lines.push({ label: 'Vigor', value: `${targetName} gains ${effect.vigorGained}` });
  for (const r of effect.refused) lines.push({ label: 'Not applied', value: r });
  if (effect.text) lines.push({ label: 'By hand', value: effect.text });
  return {
    component: effect.component,
    targetId: effect.targetId,
    targetName,
    lines,
    application: a
      ? {
          hpBefore: a.hpBefore,
          hpAfter: a.hpAfter,
          vigorLost: a.vigorLost,
          hpLost: a.hpLost,
          defeated: a.defeated,
        }
      : null,
  };
}

/**
 * The result panel's content for one attack (rulebook: Attacks; Damage): the d20 and every boon
 * or curse d6, each modifier with its source and reason, hit/miss/critical, then each component's
 * damage with tier, bonus and boost, and how armor, resistance, cover and vigor changed it.
 */
export function attackResultView(
  outcome: AttackOutcome & { forced?: readonly AbilityMoveOutcome[] | undefined },
  names: (id: string) => string,
): AttackResultView {
  const r = outcome.roll;
  const bc = r.boonsCurses;
  const roll: ResultLine[] = [
    { label: 'd20', value: String(r.d20), testid: 'result-d20' },
    { label: 'Attack bonus', value: `+${r.attackBonus}` },
  ];
  if (bc.net !== 0) {
    roll.push({
      label: `Net ${Math.abs(bc.net)} ${bc.net > 0 ? 'boon' : 'curse'}${Math.abs(bc.net) === 1 ? '' : 's'}`,
      value: `d6 [${bc.d6.join(', ')}] → ${bc.value > 0 ? '+' : ''}${bc.value}`,
      testid: 'result-boons',
    });
  }
  roll.push(
    { label: 'Total', value: `${r.total} vs Defense ${r.defense}`, testid: 'result-total' },
    { label: 'Result', value: outcome.result.toUpperCase(), testid: 'result-outcome' },
  );
  if (outcome.cover) roll.push({ label: 'Cover', value: 'target has cover: damage halved' });
  // Forced movement after the damage: where the target went and what the fall did, or a swap.
  for (const f of outcome.forced ?? [])
    roll.push(
      f.kind === 'forced-move'
        ? { label: f.move[0]!.toUpperCase() + f.move.slice(1), value: f.text, testid: 'result-forced' }
        : f.kind === 'swap-places'
          ? { label: 'Swap', value: f.text, testid: 'result-swap' }
          : { label: 'Not moved', value: f.text },
    );
  const modifiers = outcome.modifiers.map((m) => ({
    label: `${m.count} ${m.kind}${m.count === 1 ? '' : 's'}`,
    value: `${BOON_CURSE_SOURCE_LABEL[m.source]}: ${m.reason}`,
  }));
  return {
    title: `${names(outcome.attackerId)} → ${names(outcome.targetId)}: ${outcome.ability}`,
    result: outcome.result,
    roll,
    modifiers,
    effects: outcome.effects.map((e) => effectView(e, names(e.targetId))),
  };
}

/** Test ids the verdict block shows in large type; the trace below keeps every other line. */
const VERDICT_IDS = new Set(['result-outcome', 'result-total']);

/** The verdict words as the rulebook's attack results (Attacks: hit, miss, critical hit). */
export const VERDICT_WORD: Record<AttackResultView['result'], string> = {
  hit: 'HIT',
  miss: 'MISS',
  critical: 'CRITICAL',
};

/**
 * The roll trace below the verdict: the verdict word is dropped (it is above), the total stays
 * so the sum reads through, without its test id (the verdict block holds that one).
 */
export function traceLines(roll: readonly ResultLine[]): ResultLine[] {
  return roll
    .filter((l) => l.testid !== 'result-outcome')
    .map((l) => (l.testid && VERDICT_IDS.has(l.testid) ? { label: l.label, value: l.value } : l));
}

/** The total line's value ("17 vs Defense 10"), as the trace would have shown it. */
export function totalOf(roll: readonly ResultLine[]): string {
  return roll.find((l) => l.testid === 'result-total')?.value ?? '';
}
