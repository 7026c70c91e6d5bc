import { signal, type Signal } from '@preact/signals';
import type { Scene } from '../Scene';

/** Opening the step-through: the log entry to open at (null: the fight's first entry). */
export interface StepThroughRequest {
  readonly entryId: string | null;
}

/**
 * The step-through of one room page (docs/ui/step-through.md): whether it is open (the log's
 * button opens it) and the past moment it shows, which the battlefield draws instead of the live
 * scene. Page-only state, keyed by the room model like the drawing tools' (drawState.ts).
 */
export interface StepThroughState {
  readonly request: Signal<StepThroughRequest | null>;
  /** The scene of the step shown; null = the battlefield draws the room as it is now. */
  readonly pastScene: Signal<Scene | null>;
}

const states = new WeakMap<object, StepThroughState>();

export function stepThroughOf(model: object): StepThroughState {
  let state = states.get(model);
  if (!state) {
    state = { request: signal(null), pastScene: signal(null) };
    states.set(model, state);
  }
  return state;
}
