import { z } from 'zod';
import type { Dice } from '../../lib/dice';
import { ownValue } from '../../lib/ownRecord';
import { BattlefieldError } from '../../grid';
import type { Intent } from '../../schema/intent';
import { IntentSchema } from '../../schema/intent';
import { LogEntrySchema } from '../../schema/logEntry';
import type { Outcome } from '../../schema/outcome';
import { OutcomeSchema } from '../../schema/outcome';
import type { ReplayRecord } from '../../schema/replay';
import type { ActionDefinition } from '../intents/defineAction';
import { ACTIONS } from '../intents/actions';
import type { IntentContext } from '../intents/IntentContext';
import { recordingDice } from '../intents/IntentContext';
import { takeUpOffer } from '../intents/interruptOffers';
import type { TableState } from '../snapshot';
import type { LogInput } from '../intents/IntentWrites';

/**
 * What re-running an entry's action gave: its outcome and the words its log line says of it (the
 * action's `narrate`), or why there is none (a sentence).
 */
export type Rederived =
  { ok: true; outcome: Outcome; summary: string; details: readonly string[] } | { ok: false; reason: string };

/** A log entry a resolution read, as stored with its record. */
export const LogReadSchema = z.object({ entry: LogEntrySchema, secret: z.boolean() });

/** Thrown by the replayed dice: the sentence says how the recorded dice do not fit. */
class DiceMisfit extends Error {}

/** The recorded dice in order; a die of other sides than recorded, or one too many, is a misfit. */
function replayedDice(rolls: ReplayRecord['dice']): Dice & { readonly used: number } {
  let used = 0;
  return {
    get used() {
      return used;
    },
    roll(sides) {
      const next = rolls[used];
      if (!next) throw new DiceMisfit(`its recorded dice ran out (a d${sides} more was needed)`);
      if (next[0] !== sides)
        throw new DiceMisfit(
          `its recorded die ${used + 1} is a d${next[0]}, the rules asked for a d${sides}`,
        );
      if (next[1] < 1 || next[1] > sides)
        throw new DiceMisfit(`its recorded die ${used + 1} shows ${next[1]}, which a d${sides} cannot show`);
      used += 1;
      return next[1];
    },
  };
}

/**
 * Runs the recorded intent's action again (`ACTIONS[kind].resolve`, then `takeUpOffer`, as
 * `applyIntent` does) on `state` with the recorded dice, and answers the outcome its log line
 * carries, normalised through OutcomeSchema. `logRead` answers a log entry the resolution read.
 */
export function rederive(
  record: ReplayRecord,
  state: TableState,
  logRead: (hash: string) => unknown,
): Rederived {
  const parsed = IntentSchema.safeParse(record.intent);
  if (!parsed.success) return { ok: false, reason: 'its recorded action cannot be read' };
  const intent: Intent = parsed.data;
  const dice = replayedDice(record.dice);
  const reads = record.reads;
  const ctx: IntentContext = {
    actor: record.actor,
    snapshot: state,
    logEntry: (id) => {
      const hash = reads.log ? ownValue(reads.log, id) : undefined;
      if (!hash) return undefined;
      const read = LogReadSchema.safeParse(logRead(hash));
      return read.success ? read.data : undefined;
    },
    dice: recordingDice(dice),
    now: record.now,
    senderName: record.senderName,
    assetLinked: (hash) => (reads.assets ? ownValue(reads.assets, hash) === true : false),
    drawings: () => [],
  };
  const action = ACTIONS[intent.kind] as ActionDefinition<Intent['kind']>;
  let outcome: unknown;
  let line: LogInput | undefined;
  try {
    const resolution = takeUpOffer(ctx, intent, action.resolve(ctx, intent));
    if (!resolution.ok) return { ok: false, reason: `the rules now refuse it: ${resolution.reason}` };
    line = resolution.log.find((l) => l.outcome);
    outcome = line?.outcome;
  } catch (error) {
    if (error instanceof DiceMisfit) return { ok: false, reason: error.message };
    if (error instanceof BattlefieldError)
      return { ok: false, reason: `the rules now refuse it: ${error.message}` };
    return {
      ok: false,
      reason: `re-running it failed (${error instanceof Error ? error.message : String(error)})`,
    };
  }
  if (dice.used !== record.dice.length)
    return {
      ok: false,
      reason: `it drew ${dice.used} ${dice.used === 1 ? 'die' : 'dice'}, ${record.dice.length} are recorded`,
    };
  const normalised = OutcomeSchema.safeParse(outcome);
  if (!normalised.success) return { ok: false, reason: 'it no longer writes an outcome' };
  return { ok: true, outcome: normalised.data, summary: line!.summary, details: line!.details ?? [] };
}
