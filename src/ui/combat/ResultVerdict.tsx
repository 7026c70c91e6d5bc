import type { ComponentChildren } from 'preact';
import { Fragment } from 'preact';
import type { AttackResultView, ResultLine } from './resultView';
import { totalOf, VERDICT_WORD } from './resultView';

/** Labelled lines of the trace; a line's test id lets tests read exact numbers. */
export function ResultLines({ lines }: { lines: readonly ResultLine[] }) {
  return (
    <dl class="result-lines">
      {lines.map((l, i) => (
        <Fragment key={i}>
          <dt>{l.label}</dt>
          <dd data-testid={l.testid}>{l.value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

function Taken({ taken }: { taken: readonly string[] }) {
  return (
    <>
      {taken.map((line) => (
        <div class="verdict-taken" key={line}>
          {line}
        </div>
      ))}
    </>
  );
}

/**
 * What a GM reads at a glance, above the trace: HIT / MISS / CRITICAL in large type, the total
 * against Defense, and each character's damage taken ("Brute −6 HP"). The test ids
 * `result-outcome` and `result-total` live here (once in the panel).
 */
export function VerdictBlock(props: { view: AttackResultView; taken: readonly string[] }) {
  const { view } = props;
  return (
    <div class={`verdict ${view.result}`} data-verdict={view.result}>
      <div class="verdict-head">
        <div class="verdict-word" data-testid="result-outcome">
          {VERDICT_WORD[view.result]}
        </div>
        <div class="verdict-total" data-testid="result-total">
          {totalOf(view.roll)}
        </div>
      </div>
      <Taken taken={props.taken} />
    </div>
  );
}

/** A roll without an attack (an area with no attack roll, an effect): its summary in large type. */
export function PlainVerdictBlock(props: { summary: ComponentChildren; taken: readonly string[] }) {
  return (
    <div class="verdict plain">
      <div class="result-summary verdict-plain" data-testid="result-summary">
        {props.summary}
      </div>
      <Taken taken={props.taken} />
    </div>
  );
}
