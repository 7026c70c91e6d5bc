import type { Problems } from './fieldProblems';

/**
 * Save and Cancel, with Save disabled until the whole value is valid and the reason said beside
 * it: how many problems and each one in words (so a problem in a folded part is not missed).
 */
export function SaveBar(props: {
  problems: Problems;
  saveLabel: string;
  testid: string;
  cancelTestid: string;
  onCancel: () => void;
}) {
  const list = [...new Set(props.problems.values())];
  const reasonId = `${props.testid}-reason`;
  return (
    <div class="ed-save">
      <button
        type="submit"
        data-testid={props.testid}
        disabled={list.length > 0}
        aria-describedby={list.length ? reasonId : undefined}
      >
        {props.saveLabel}
      </button>
      <button type="button" data-testid={props.cancelTestid} onClick={props.onCancel}>
        Cancel
      </button>
      {list.length > 0 && (
        <div id={reasonId} class="ed-save-reason" data-testid={`${props.testid}-reason`}>
          {`Fix ${list.length === 1 ? 'this' : `these ${list.length}`} before saving:`}
          <ul>
            {list.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
