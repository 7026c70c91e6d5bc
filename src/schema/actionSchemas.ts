import type { z } from 'zod';
import { AreaIntentSchema, AreaOutcomeSchema } from './actions/area';
import { AttackIntentSchema, AttackResultSchema, TerrainDamageOutcomeSchema } from './actions/attack';
import {
  BasicActionIntentSchema,
  InteractOutcomeSchema,
  RescueOutcomeSchema,
  WhackOutcomeSchema,
} from './actions/basicAction';
import {
  BetweenFightsIntentSchema,
  InterludeOutcomeSchema,
  NewExpeditionOutcomeSchema,
} from './actions/betweenFights';
import { EdgeSaveOutcomeSchema, ReturnToPlayIntentSchema, ReturnToPlayOutcomeSchema } from './actions/edges';
import { EffectAbilityOutcomeSchema, EffectIntentSchema } from './actions/effect';
import { ForcedMoveOutcomeSchema, ForceMoveIntentSchema } from './actions/forceMove';
import { ShowHandoutIntentSchema, ShowHandoutOutcomeSchema } from './actions/handout';
import {
  AddBlightOutcomeSchema,
  AddStatusOutcomeSchema,
  AdjustHpIntentSchema,
  AdjustHpOutcomeSchema,
  BlightIntentSchema,
  HideOutcomeSchema,
  RemoveBlightOutcomeSchema,
  RemoveStatusOutcomeSchema,
  RevealOutcomeSchema,
  StatusIntentSchema,
  VisibilityIntentSchema,
} from './actions/gm';
import { InterruptOfferIntentSchema, InterruptOfferOutcomeSchema } from './actions/interruptOffer';
import {
  MoveIntentSchema,
  MoveOutcomeSchema,
  UndoMoveIntentSchema,
  UndoMoveOutcomeSchema,
} from './actions/move';
import { DrinkElixirOutcomeSchema, RecoveryIntentSchema, SurrenderOutcomeSchema } from './actions/recovery';
import {
  ApplyResultIntentSchema,
  ApplyResultOutcomeSchema,
  DiscardResultIntentSchema,
  DiscardResultOutcomeSchema,
} from './actions/results';
import { SaveIntentSchema, SaveOutcomeSchema } from './actions/save';
import { SwapPlacesOutcomeSchema } from './actions/swapPlaces';
import {
  EditSheetIntentSchema,
  EditSheetOutcomeSchema,
  SetPortraitIntentSchema,
  SetPortraitOutcomeSchema,
} from './actions/sheet';
import {
  ChatIntentSchema,
  ChatOutcomeSchema,
  ClearDrawingsIntentSchema,
  DrawIntentSchema,
  DrawOutcomeSchema,
  EraseDrawingIntentSchema,
  EraseDrawingsOutcomeSchema,
  RollIntentSchema,
  RollOutcomeSchema,
} from './actions/talk';
import {
  CombatIntentSchema,
  DeclareSlowOutcomeSchema,
  EndCombatOutcomeSchema,
  EndTurnIntentSchema,
  EndTurnOutcomeSchema,
  StartCombatOutcomeSchema,
  StartTurnIntentSchema,
  StartTurnOutcomeSchema,
} from './actions/turns';

/**
 * Every action's schemas, one line each: the intents a client may send for it and the outcomes
 * its log entries carry (each action's own file in ./actions/). `IntentSchema` and
 * `OutcomeSchema` are derived from this list, and the table's registry
 * (src/table/intents/actions.ts) and the result views (src/ui/combat/resultViews.ts) are records
 * over their kinds: a line added here makes the compiler name every other place.
 */
export const ACTION_SCHEMAS = [
  { intents: [MoveIntentSchema], outcomes: [MoveOutcomeSchema] },
  { intents: [UndoMoveIntentSchema], outcomes: [UndoMoveOutcomeSchema] },
  { intents: [AttackIntentSchema], outcomes: [AttackResultSchema, TerrainDamageOutcomeSchema] },
  { intents: [AreaIntentSchema], outcomes: [AreaOutcomeSchema] },
  { intents: [EffectIntentSchema], outcomes: [EffectAbilityOutcomeSchema] },
  { intents: [SaveIntentSchema], outcomes: [SaveOutcomeSchema] },
  { intents: [StartTurnIntentSchema], outcomes: [StartTurnOutcomeSchema, DeclareSlowOutcomeSchema] },
  { intents: [EndTurnIntentSchema], outcomes: [EndTurnOutcomeSchema, EdgeSaveOutcomeSchema] },
  {
    intents: [BasicActionIntentSchema],
    outcomes: [InteractOutcomeSchema, RescueOutcomeSchema, WhackOutcomeSchema],
  },
  { intents: [RecoveryIntentSchema], outcomes: [DrinkElixirOutcomeSchema, SurrenderOutcomeSchema] },
  { intents: [ChatIntentSchema], outcomes: [ChatOutcomeSchema] },
  { intents: [RollIntentSchema], outcomes: [RollOutcomeSchema] },
  { intents: [DrawIntentSchema], outcomes: [DrawOutcomeSchema] },
  { intents: [EraseDrawingIntentSchema, ClearDrawingsIntentSchema], outcomes: [EraseDrawingsOutcomeSchema] },
  { intents: [ApplyResultIntentSchema], outcomes: [ApplyResultOutcomeSchema] },
  { intents: [DiscardResultIntentSchema], outcomes: [DiscardResultOutcomeSchema] },
  { intents: [AdjustHpIntentSchema], outcomes: [AdjustHpOutcomeSchema] },
  { intents: [ForceMoveIntentSchema], outcomes: [ForcedMoveOutcomeSchema] },
  // No intent of its own: an ability's component makes it, inside the ability's outcome.
  { intents: [], outcomes: [SwapPlacesOutcomeSchema] },
  { intents: [StatusIntentSchema], outcomes: [AddStatusOutcomeSchema, RemoveStatusOutcomeSchema] },
  { intents: [BlightIntentSchema], outcomes: [AddBlightOutcomeSchema, RemoveBlightOutcomeSchema] },
  { intents: [VisibilityIntentSchema], outcomes: [RevealOutcomeSchema, HideOutcomeSchema] },
  { intents: [CombatIntentSchema], outcomes: [StartCombatOutcomeSchema, EndCombatOutcomeSchema] },
  { intents: [ReturnToPlayIntentSchema], outcomes: [ReturnToPlayOutcomeSchema] },
  { intents: [BetweenFightsIntentSchema], outcomes: [InterludeOutcomeSchema, NewExpeditionOutcomeSchema] },
  { intents: [InterruptOfferIntentSchema], outcomes: [InterruptOfferOutcomeSchema] },
  { intents: [EditSheetIntentSchema], outcomes: [EditSheetOutcomeSchema] },
  { intents: [SetPortraitIntentSchema], outcomes: [SetPortraitOutcomeSchema] },
  { intents: [ShowHandoutIntentSchema], outcomes: [ShowHandoutOutcomeSchema] },
] as const;

type Registry = typeof ACTION_SCHEMAS;
/** The registry's intents (or outcomes), in order, as one tuple type for zod's unions. */
type Listed<T extends readonly unknown[], F extends 'intents' | 'outcomes'> = T extends readonly [
  infer Head,
  ...infer Rest,
]
  ? [...(Head extends { readonly [K in F]: readonly unknown[] } ? Head[F] : []), ...Listed<Rest, F>]
  : [];

const entries: readonly { readonly intents: readonly unknown[]; readonly outcomes: readonly unknown[] }[] =
  ACTION_SCHEMAS;
/** Every intent schema of the registry, for `IntentSchema` (src/schema/intent.ts). */
export const LISTED_INTENTS = entries.flatMap((a) => a.intents) as Listed<Registry, 'intents'>;
/** Every outcome schema of the registry, for `OutcomeSchema` (src/schema/outcome.ts). */
export const LISTED_OUTCOMES = entries.flatMap((a) => a.outcomes) as Listed<Registry, 'outcomes'>;

/** The `kind` a schema's values carry (a union for a schema of several kinds). */
type KindOf<S> = S extends z.ZodType ? (z.output<S> extends { kind: infer K } ? K : never) : never;

/**
 * The outcome kinds written by the registry line that holds intent kind `K`: what the action's
 * `narrate` (src/table/intents/defineAction.ts) must put in words, checked by the compiler.
 */
export type OutcomeKindsOf<K extends string> = LineOutcomes<K, Registry[number]>;
type LineOutcomes<K extends string, Line> = Line extends {
  readonly intents: readonly (infer S)[];
  readonly outcomes: readonly (infer O)[];
}
  ? [K] extends [KindOf<S>]
    ? KindOf<O>
    : never
  : never;
