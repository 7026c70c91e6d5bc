import type { Battlefield } from '../../grid/battlefield';
import type { Footprint } from '../../grid/sightCore';
import type { Ability, EffectComponent } from '../../schema/ability';
import type { Combatant } from '../../schema/combatant';
import type { Direction8Name } from '../../schema/forcedMove';
import { DIRECTION_8_NAMES } from '../../schema/forcedMove';
import type { AbilityMoveOutcome, ForcedMoveOutcome } from '../../schema/outcome';
import type { NarrationWords } from './narration';
import type { ComponentLabel } from '../../rules/applyEffect';
import { FORCED_PAST, forcedSentenceWithoutDamage, resolveForcedMove } from '../../rules/resolveForcedMove';
import type { IntentContext, Refusal } from './IntentContext';
import { refuse } from './IntentContext';
import { swapByComponent } from './swapPlaces';

/**
 * Forced movement inside an ability's resolution (docs/table.md "Forced movement"): each applied
 * component that says "push / pull / shove N" moves its target after the damage, one target after
 * the other on a battlefield that follows them, so two pushed characters never end on one square.
 */
export interface ForcedMoves {
  bf: Battlefield;
  /** New squares, for the resolution's diff. */
  readonly cells: { tokenId: string; cell: { x: number; y: number } }[];
  /** Each move in order, and each that did not happen with why: the log says them all. */
  readonly outcomes: AbilityMoveOutcome[];
}

export function forcedMoves(bf: Battlefield): ForcedMoves {
  return { bf, cells: [], outcomes: [] };
}

/** The component of `ability` that an applied effect came from. */
export function componentOf(ability: Ability, label: ComponentLabel): EffectComponent | undefined {
  switch (label) {
    case 'onHit':
      return ability.attack?.onHit;
    case 'onMiss':
      return ability.attack?.onMiss;
    case 'onCritical':
      return ability.attack?.onCritical;
    case 'effect':
      return ability.effect;
    case 'areaEffect':
      return ability.areaEffect;
  }
}

/** A shove goes where its user says: refused before any roll when the intent names no direction. */
export function shoveRefusal(ability: Ability, direction: Direction8Name | undefined): Refusal | null {
  const parts = [ability.attack?.onHit, ability.attack?.onMiss, ability.attack?.onCritical];
  const shoves = [...parts, ability.effect, ability.areaEffect].some((c) => c?.forcedMove?.kind === 'shove');
  if (!shoves || direction) return null;
  return refuse(`${ability.name} shoves: choose a direction (${DIRECTION_8_NAMES.join(', ')})`);
}

/**
 * Moves `target` as `component` says (nothing when it has no forced move nor swap: a swap comes
 * first, ./swapPlaces.ts) and returns the target after any fall or dangerous-square damage. A
 * character out of the fight is not moved.
 */
export function forceByComponent(
  ctx: IntentContext,
  state: ForcedMoves,
  component: EffectComponent | undefined,
  o: { sourceId: string; source: Footprint; target: Combatant; direction?: Direction8Name | undefined },
): Combatant {
  if (component?.swapPlaces) swapByComponent(ctx, state, o);
  const spec = component?.forcedMove;
  if (!spec) return o.target;
  const nameOf = (id: string) => ctx.snapshot.tokensById[id]?.name ?? id;
  const name = nameOf(o.target.id);
  if (o.target.id === o.sourceId) return o.target;
  if (o.target.incapacitated) {
    notMoved(state, o.target.id, `${name} is out of the fight and is not ${FORCED_PAST[spec.kind]}`);
    return o.target;
  }
  const resolved = resolveForcedMove(
    state.bf,
    o.target,
    {
      kind: spec.kind,
      targetId: o.target.id,
      distance: spec.squares,
      source: o.source,
      ...(o.direction ? { direction: o.direction } : {}),
    },
    ctx.snapshot.settings,
    nameOf,
  );
  if (!('move' in resolved)) {
    notMoved(state, o.target.id, `${name} is not ${FORCED_PAST[spec.kind]}: ${resolved.reason}`);
    return o.target;
  }
  const { move } = resolved;
  state.bf = resolved.battlefield;
  state.cells.push({ tokenId: o.target.id, cell: move.to });
  state.outcomes.push({
    kind: 'forced-move',
    move: move.kind,
    sourceId: o.sourceId,
    tokenId: o.target.id,
    direction: move.direction,
    requested: move.requested,
    moved: move.moved,
    from: move.from,
    to: move.to,
    path: move.path,
    stop: move.stop.reason,
    text: resolved.text,
    events: move.events,
    damage: resolved.damage,
  });
  return resolved.target;
}

/** A character the component would move stays: the sentence says why. */
export function notMoved(state: ForcedMoves, tokenId: string, text: string): void {
  state.outcomes.push({ kind: 'not-moved', tokenId, text });
}

/** HP and vigor a forced move cost, or null when nothing hurt on the way (as its sentence says). */
function damageTaken(move: ForcedMoveOutcome): number | null {
  if (!move.damage.length) return null;
  return move.damage.reduce((sum, d) => sum + d.application.hpLost + d.application.vigorLost, 0);
}

/**
 * An ability's moves in words, in order; for players (`shown`) a moved character whose stats
 * they do not get is said without its damage (it would tell its armor).
 */
export function forcedSentences(
  forced: readonly AbilityMoveOutcome[] | undefined,
  words: NarrationWords,
  shown: boolean,
): string[] {
  return (forced ?? []).map((f) =>
    f.kind === 'forced-move' && shown && words.shownName(f.tokenId) === null
      ? forcedSentenceWithoutDamage(f.text, damageTaken(f))
      : f.text,
  );
}

/** The log's summary with the forced moves said after it ("…: hit. Ruin Drake is pushed …"). */
export function withForcedSentences(
  summary: string,
  forced: readonly AbilityMoveOutcome[] | undefined,
  words: NarrationWords,
  shown = false,
): string {
  const said = forcedSentences(forced, words, shown);
  return said.length ? `${summary}. ${said.join('. ')}` : summary;
}
