import type { OutcomeKindsOf } from '../../schema/actionSchemas';
import type { IntentKind } from '../../schema/intent';
import type { OutcomeKind, OutcomeOf } from '../../schema/outcome';
import type { IntentContext } from './IntentContext';
import { statusName } from './IntentContext';
import type { LogInput } from './IntentWrites';
import type { ShownHp } from './redactLog';
import { hpShownAs, nameIfStatsShown } from './shownNames';

/** A log line's words: the sentence, then the trace lines under it. */
export interface Lines {
  readonly summary: string;
  readonly details: readonly string[];
}

/**
 * What an outcome says: the GM's lines, and the players' where they may read less (a foe whose
 * stat block or HP the GM keeps: src/table/intents/IntentWrites.ts decides when they read them).
 * Without `players`, players read the GM's sentence and no details when a line is redacted.
 */
export interface Told {
  readonly gm: Lines;
  readonly players?: Lines;
}

/** What a sentence names, as the table stood when the outcome was written. */
export interface NarrationWords {
  /** The token's name (its id when it is gone). */
  name(tokenId: string): string;
  /** A status's name in the room's catalog ("Dazed"). */
  status(statusId: string): string;
  /** The token's name when its stat block is public (a PC, a foe shown with stats), else null. */
  shownName(tokenId: string): string | null;
  /** How players read the character's HP (room setting `foeHp`). */
  hpShown(tokenId: string): ShownHp;
}

/**
 * One outcome kind in words, a pure function of the outcome: the only wording of it, stored in
 * its log line and so shown by the log, the result card and the exports alike.
 */
export type Narrate<O extends OutcomeKind> = (outcome: OutcomeOf<O>, words: NarrationWords) => Told;

/** An action's narrators: one for each outcome kind its registry line writes (src/schema/actionSchemas.ts). */
export type Narrators<K extends IntentKind> = { readonly [O in OutcomeKindsOf<K>]: Narrate<O> };

/** The words of the room an intent is resolved in. */
export function narrationWords(ctx: IntentContext): NarrationWords {
  return {
    name: (id) => ctx.snapshot.tokensById[id]?.name ?? id,
    status: (id) => statusName(ctx, id),
    shownName: nameIfStatsShown(ctx),
    hpShown: hpShownAs(ctx),
  };
}

/** The log line's fields for what `told` says. */
export function toldLines(told: Told): Pick<LogInput, 'summary' | 'details' | 'redacted'> {
  return {
    summary: told.gm.summary,
    details: [...told.gm.details],
    ...(told.players
      ? { redacted: { summary: told.players.summary, details: [...told.players.details] } }
      : {}),
  };
}

/** Narrates `outcome` with `narrate` in the intent's room: the log line's fields. */
export function narrated<O extends OutcomeKind>(
  ctx: IntentContext,
  narrate: Narrate<O>,
  outcome: OutcomeOf<O>,
): Pick<LogInput, 'summary' | 'details' | 'redacted'> {
  return toldLines(narrate(outcome, narrationWords(ctx)));
}

/** The same lines for GM and players (no redaction of its own). */
export function plain(summary: string, details: readonly string[] = []): Told {
  return { gm: { summary, details } };
}
