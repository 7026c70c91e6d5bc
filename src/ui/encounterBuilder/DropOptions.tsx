import type { Signal } from '@preact/signals';
import { MAX_ENCOUNTER_FOES } from '../../schema/limits';

/** What a square on the picture does: drop foes, or toggle a party start. */
export type Placing = 'foes' | 'starts';

/**
 * How a click drops foes (how many copies, whether they start hidden) and what a square places
 * at all: foes or party starts. Signals of the builder, so the builder reads them at the click.
 */
export function DropOptions({
  count,
  hidden,
  placing,
}: {
  count: Signal<number>;
  hidden: Signal<boolean>;
  placing: Signal<Placing>;
}) {
  return (
    <>
      <div class="row">
        <label>
          How many{' '}
          <input
            aria-label="How many"
            type="number"
            min={1}
            max={MAX_ENCOUNTER_FOES}
            value={count.value}
            onInput={(e) => {
              const n = Math.floor(Number(e.currentTarget.value));
              if (Number.isFinite(n) && n >= 1) count.value = Math.min(MAX_ENCOUNTER_FOES, n);
            }}
          />
        </label>
        <label>
          <input
            type="checkbox"
            checked={hidden.value}
            onChange={(e) => (hidden.value = e.currentTarget.checked)}
          />{' '}
          start hidden from players
        </label>
      </div>
      <fieldset class="row encounter-builder-mode">
        <legend>A square on the map places</legend>
        {(['foes', 'starts'] as const).map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="encounter-placing"
              checked={placing.value === value}
              onChange={() => (placing.value = value)}
            />{' '}
            {value === 'foes' ? 'foes' : 'party starts'}
          </label>
        ))}
      </fieldset>
    </>
  );
}
