import type { DamageApplication } from './applyDamage';
import { COMPONENT_NAME } from './applyEffect';
import type { BoonCurseRoll } from './boonsCurses';
import type { DamageRoll } from './rollDamage';
import type { AttackOutcomeRecord, EffectOutcomeRecord } from '../schema/rollRecord';
import { BOON_CURSE_SOURCE_LABEL, type RollModifier } from '../schema/modifier';

function describeModifiers(modifiers: readonly RollModifier[], boonsCurses: BoonCurseRoll): string[] {
  const lines = modifiers.map(
    (m) =>
      `  ${m.count} ${m.kind}${m.count === 1 ? '' : 's'} (${BOON_CURSE_SOURCE_LABEL[m.source]}): ${m.reason}`,
  );
  if (boonsCurses.net !== 0) {
    const word = boonsCurses.net > 0 ? 'boon' : 'curse';
    lines.push(
      `  net ${Math.abs(boonsCurses.net)} ${word}${Math.abs(boonsCurses.net) === 1 ? '' : 's'}: d6 [${boonsCurses.d6.join(', ')}] → ${boonsCurses.value > 0 ? '+' : ''}${boonsCurses.value}`,
    );
  } else if (modifiers.length > 0) lines.push('  boons and curses cancel out');
  return lines;
}

/** "heavy (boosted from light by a critical) 2d6 kept of [5, 2, 6] + 3 fray = 14 physical". */
export function explainDamageRoll(roll: DamageRoll): string {
  const parts: string[] = [];
  if (roll.tier && roll.tier !== 'fray') {
    const boosted = roll.requestedTier !== roll.tier || roll.boostSteps > 0;
    parts.push(
      `${roll.tier}${boosted ? ` (from ${roll.requestedTier}, ${roll.boostSteps} boost)` : ''}: dice [${roll.dice.join(', ')}]` +
        (roll.dropped.length ? ` keep [${roll.kept.join(', ')}]` : ''),
    );
  }
  if (roll.fray) parts.push(`${roll.fray} fray`);
  if (roll.flat) parts.push(`${roll.flat} flat`);
  return `${parts.join(' + ')} = ${roll.total} ${roll.type}`;
}

/** One line per reduction step and the HP result. */
export function explainDamageApplication(
  app: Omit<DamageApplication, 'combatant'>,
  targetName: string,
): string[] {
  if (app.immune) return [`  ${app.immune}`];
  const lines = app.steps.map((step) => {
    switch (step.kind) {
      case 'armor':
        return step.skipped
          ? `  armor ${step.armor} ignored (${step.skipped})`
          : `  armor ${step.armor}: ${step.before} → ${step.after}`;
      case 'resistance':
        return `  resistance (${step.reasons.join(', ')}), halved ${step.halvings}×: ${step.before} → ${step.after}`;
      case 'vigor':
        return `  vigor soaks ${step.absorbed} (${step.before} → ${step.after})`;
      case 'floor':
        return `  cannot go below ${step.floorHp} HP (${step.prevented} prevented)`;
    }
  });
  lines.push(`  ${targetName}: HP ${app.hpBefore} → ${app.hpAfter}`);
  if (app.died) lines.push(`  ${targetName} dies (a fourth wound)`);
  else if (app.defeated) lines.push(`  ${targetName} is defeated${app.wounded ? ' and takes a wound' : ''}`);
  return lines;
}

/** Who is named in an explanation; `status` turns a status id into the room's name for it. */
export interface ExplainNames {
  readonly attacker: string;
  readonly target: string;
  readonly status?: (statusId: string) => string;
}

function explainEffect(
  effect: EffectOutcomeRecord,
  targetName: string,
  statusName: (id: string) => string,
): string[] {
  const lines = [`${COMPONENT_NAME[effect.component]}:`];
  if (effect.damage) lines.push(`  damage ${explainDamageRoll(effect.damage)}`);
  if (effect.application) lines.push(...explainDamageApplication(effect.application, targetName));
  for (const id of effect.statusesApplied) lines.push(`  ${targetName} gains ${statusName(id)}`);
  for (const id of effect.blightsApplied) lines.push(`  ${targetName} gains the ${id} blight`);
  if (effect.vigorGained) lines.push(`  ${targetName} gains ${effect.vigorGained} vigor`);
  for (const reason of effect.refused) lines.push(`  not applied: ${reason}`);
  if (effect.text) lines.push(`  (${effect.text})`);
  return lines;
}

/** A multi-line explanation of an attack outcome: every die, every modifier and its source. */
export function explainAttack(outcome: AttackOutcomeRecord, names: ExplainNames): string {
  const { roll } = outcome;
  const lines = [`${names.attacker} uses ${outcome.ability} on ${names.target}`];
  lines.push(...describeModifiers(outcome.modifiers, roll.boonsCurses));
  const boon = roll.boonsCurses.value
    ? ` ${roll.boonsCurses.value > 0 ? '+' : '−'} ${Math.abs(roll.boonsCurses.value)}`
    : '';
  lines.push(
    `to hit: d20 ${roll.d20} + ${roll.attackBonus} bonus${boon} = ${roll.total} vs Defense ${roll.defense} → ${outcome.result.toUpperCase()}`,
  );
  if (outcome.cover) lines.push(`  target has cover (resistance against this ranged attack)`);
  for (const effect of outcome.effects)
    lines.push(...explainEffect(effect, names.target, names.status ?? capitalized));
  if (outcome.effects.length === 0) lines.push('no effect');
  return lines.join('\n');
}

/** Without a catalog: the id read as a word ("dazed" → "Dazed"). */
function capitalized(id: string): string {
  return id.charAt(0).toUpperCase() + id.slice(1).replaceAll('-', ' ');
}
