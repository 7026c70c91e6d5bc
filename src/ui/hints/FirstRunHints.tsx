import type { Signal } from '@preact/signals';
import { HINT_STEPS } from './hintSteps';
import { dismissHints } from './hintStore';

/**
 * The first-run hints (docs/ui.md "First use"): a card at the top of the panel walking a new GM
 * or player through what to click first, one step at a time. "Don't show again" hides it for good
 * in this browser; the toolbar's ? button brings it back. `step` is null when hidden.
 */
export function FirstRunHints({ role, step }: { role: 'gm' | 'player'; step: Signal<number | null> }) {
  const at = step.value;
  if (at === null) return null;
  const steps = HINT_STEPS[role];
  const current = steps[Math.min(at, steps.length - 1)]!;
  const last = at >= steps.length - 1;
  const close = (forGood: boolean): void => {
    if (forGood) dismissHints(role);
    step.value = null;
  };
  return (
    <section class="hints" data-testid="hints" aria-label="Getting started" aria-live="polite">
      <div class="hints-head">
        <b data-testid="hint-title">{current.title}</b>
        <span class="muted">{`Tip ${at + 1} of ${steps.length}`}</span>
      </div>
      <p data-testid="hint-text">{current.text}</p>
      <div class="row">
        {!last && (
          <button class="primary" data-testid="hint-next" onClick={() => (step.value = at + 1)}>
            Next tip
          </button>
        )}
        <button data-testid="hint-dismiss" onClick={() => close(true)}>
          {last ? 'Got it' : 'Don’t show again'}
        </button>
        {!last && (
          <button data-testid="hint-later" onClick={() => close(false)}>
            Later
          </button>
        )}
      </div>
    </section>
  );
}
