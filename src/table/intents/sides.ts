import type { TokenView } from '../snapshot';
import { areHostile } from '../../grid/occupant';
import type { Refusal } from './IntentContext';
import { refuse } from './IntentContext';

/**
 * "Choose a hostile character" (rulebook: Attacks): a single-target attack needs a target of the
 * other side — player characters and their allies against the foes (docs/rules/rolls-and-damage.md#hostile-targets).
 * Areas are not chosen this way: they affect everyone in them.
 */
export function refuseUnlessHostile(attacker: Pick<TokenView, 'side'>, target: TokenView): Refusal | null {
  return areHostile(attacker, target)
    ? null
    : refuse(`${target.name} is on your side: only hostile characters can be attacked`);
}
