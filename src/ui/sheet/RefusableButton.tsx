import type { ComponentChildren } from 'preact';

/**
 * A button the rules may refuse: the reason shows beside it BEFORE the click (aria-disabled, still
 * focusable so a keyboard user hears it), and pressing it anyway says the reason again and runs
 * nothing — the pattern of the sheet's Active toggles.
 */
export function RefusableButton(props: {
  why: string | null;
  testid: string;
  /** The reason's test id (default: `<testid>-why`). */
  whyTestid?: string;
  label?: string;
  onRun: () => void;
  refuse: (reason: string) => void;
  children: ComponentChildren;
}) {
  const { why, testid } = props;
  const whyId = props.whyTestid ?? `${testid}-why`;
  return (
    <>
      <button
        type="button"
        aria-disabled={why ? 'true' : undefined}
        aria-describedby={why ? whyId : undefined}
        aria-label={props.label}
        data-testid={testid}
        onClick={() => (why ? props.refuse(why) : props.onRun())}
      >
        {props.children}
      </button>
      {why && (
        <span class="sheet-why" id={whyId} data-testid={whyId}>
          {why}
        </span>
      )}
    </>
  );
}
