import type { IntentContext } from './IntentContext';
import type { ShownHp } from './redactLog';
import { hpShownExactly } from '../shownState';

/** The token's name when its stat block is public (a PC, a foe shown with stats), else null. */
export function nameIfStatsShown(ctx: IntentContext): (tokenId: string) => string | null {
  return (tokenId) => {
    const token = ctx.snapshot.tokensById[tokenId];
    return token && !token.statsHidden ? token.name : null;
  };
}

/**
 * How players read a character's HP (room setting `foeHp`): `exact` for player characters and
 * whenever the room shows foes' HP, else the setting with the foe's max HP to tell bloodied by.
 */
export function hpShownAs(ctx: IntentContext): (tokenId: string) => ShownHp {
  return (tokenId) => {
    const token = ctx.snapshot.tokensById[tokenId];
    const settings = ctx.snapshot.settings;
    if (!token || hpShownExactly(token, settings)) return { mode: 'exact', maxHp: null };
    return { mode: settings.foeHp, maxHp: token.maxHp };
  };
}
