import type { IntentOf } from '../../schema/intent';
import type { StatBlock } from '../../schema/statBlock';
import { EMPTY_DIFF } from '../../schema/tableDiff';
import type { IntentHandler } from './IntentContext';
import { commandedToken, refuse } from './IntentContext';
import { defineAction } from './defineAction';
import type { Narrate } from './narration';
import { narrated, plain } from './narration';

/** Said when the hash names no image of this room (never uploaded here, or made up). */
export const NOT_THIS_ROOMS_IMAGE = 'that image was not uploaded to this room: upload it again';

/**
 * A token's portrait (docs/table.md "Portraits"): its owner or the GM sets or removes it. The
 * portrait lives in the stat block, which is rewritten where it is kept, so a hidden foe's (or
 * one whose stats the GM hides) stays in the secrets doc and its log line stays the GM's.
 */
export const portraitIntent: IntentHandler<IntentOf<'set-portrait'>> = (ctx, intent) => {
  const token = commandedToken(ctx, intent.tokenId);
  if ('ok' in token) return token;
  const block = token.statBlock;
  if (!block) return refuse(`${token.name} has no character statistics to carry a portrait`);
  // The server decides which images belong to the room; without that answer nothing is linked.
  if (intent.portrait !== null && !ctx.assetLinked?.(intent.portrait)) return refuse(NOT_THIS_ROOMS_IMAGE);
  const { portrait: _old, ...rest } = block;
  const next: StatBlock = intent.portrait === null ? rest : { ...rest, portrait: intent.portrait };
  const outcome = { kind: 'set-portrait' as const, tokenId: token.id, portrait: intent.portrait };
  return {
    ok: true,
    outcome,
    diff: EMPTY_DIFF,
    log: [
      {
        kind: ctx.actor.role === 'player' ? ('note' as const) : ('gm' as const),
        actor: token.id,
        ...narrated(ctx, narrateSetPortrait, outcome),
        outcome,
      },
    ],
    statBlock: { tokenId: token.id, statBlock: next },
  };
};

/** "Ana's portrait changed" / "Ana's portrait removed". */
export const narrateSetPortrait: Narrate<'set-portrait'> = (o, words) =>
  plain(`${words.name(o.tokenId)}'s portrait ${o.portrait === null ? 'removed' : 'changed'}`);

export const setPortraitAction = defineAction({
  kind: 'set-portrait',
  roles: 'any',
  resolve: portraitIntent,
  narrate: { 'set-portrait': narrateSetPortrait },
});
