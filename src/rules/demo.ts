import { seededDice } from '../lib/dice';
import type { RollModifier } from '../schema/modifier';
import { DEFAULT_ROOM_SETTINGS } from '../schema/settings';
import { createCombatant } from './createCombatant';
import { explainAttack } from './explainOutcome';
import type { AttackOutcome } from './resolveAttack';
import { resolveAttack } from './resolveAttack';
import { SAMPLE_FOE, SAMPLE_PC } from './samples';

/**
 * Resolves the sample PC's Cleave against the sample foe with seeded dice (same seed, same story)
 * and explains it line by line. The foe stands lower, so the PC gets a height boon.
 */
export function runDemoAttack(seed = 1): { outcome: AttackOutcome; explanation: string } {
  const attacker = createCombatant(SAMPLE_PC, { id: 'pc-1' });
  const target = createCombatant(SAMPLE_FOE, { id: 'foe-1' });
  const ability = SAMPLE_PC.abilities.find((a) => a.name === 'Cleave');
  if (!ability) throw new Error('sample PC lost its Cleave');
  const modifiers: RollModifier[] = [
    { kind: 'boon', count: 1, source: 'height-advantage', reason: 'Brannoc stands 1 level above the target' },
  ];
  const outcome = resolveAttack(
    { attacker, target, ability, modifiers, cover: false, settings: DEFAULT_ROOM_SETTINGS },
    seededDice(seed),
  );
  return { outcome, explanation: explainAttack(outcome, { attacker: attacker.name, target: target.name }) };
}
