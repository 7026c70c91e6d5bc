import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { numberOf } from './drafts';
import type { Problems } from './fieldProblems';

/**
 * The editors' form fields: a label, the input with its limits, and the field's problem said
 * next to it (and tied to it with aria-describedby so a screen reader reads it with the field).
 * `field` is the key in `problems` and names the test ids.
 */

let counter = 0;
/** A page-unique id per mounted field (several editors may be open at once). */
function useId(field: string): string {
  const [id] = useState(() => `ed-${field.replace(/\W+/g, '-')}-${(counter++).toString(36)}`);
  return id;
}

export function Problem({ id, field, problems }: { id: string; field: string; problems: Problems }) {
  const text = problems.get(field);
  return text ? (
    <p class="field-problem" id={`${id}-problem`} data-testid={`problem-${field}`} role="alert">
      {text}
    </p>
  ) : null;
}

interface FieldProps {
  label: string;
  field: string;
  problems: Problems;
  testid?: string;
  hint?: ComponentChildren;
}

/** A whole-number box. A cleared or half-typed box keeps its text and sends NaN (the schema names it). */
export function NumberField(
  props: FieldProps & {
    value: number | null | undefined;
    onChange: (n: number) => void;
    min: number;
    max: number;
  },
) {
  const { label, field, problems, value, onChange, min, max, hint } = props;
  const id = useId(field);
  const shown = value === null || value === undefined || Number.isNaN(value) ? '' : String(value);
  const [text, setText] = useState(shown);
  // A value changed from outside (undo, another field) replaces what is typed, unless they agree.
  useEffect(() => {
    if (numberOf(text) !== value && !(Number.isNaN(numberOf(text)) && shown === '')) setText(shown);
  }, [shown]);
  const bad = problems.has(field);
  return (
    <div class="ed-field">
      <label for={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        step={1}
        min={min}
        max={max}
        value={text}
        aria-invalid={bad ? 'true' : undefined}
        aria-describedby={bad ? `${id}-problem` : undefined}
        data-testid={props.testid ?? `field-${field}`}
        onInput={(e) => {
          setText(e.currentTarget.value);
          onChange(numberOf(e.currentTarget.value));
        }}
      />
      {hint}
      <Problem id={id} field={field} problems={problems} />
    </div>
  );
}

export function TextField(
  props: FieldProps & {
    value: string;
    onChange: (s: string) => void;
    maxLength: number;
    multiline?: boolean;
  },
) {
  const { label, field, problems, value, onChange, maxLength } = props;
  const id = useId(field);
  const bad = problems.has(field);
  const common = {
    id,
    maxLength,
    value,
    'aria-invalid': bad ? ('true' as const) : undefined,
    'aria-describedby': bad ? `${id}-problem` : undefined,
    'data-testid': props.testid ?? `field-${field}`,
  };
  return (
    <div class={props.multiline ? 'ed-field ed-wide' : 'ed-field'}>
      <label for={id}>{label}</label>
      {props.multiline ? (
        <textarea {...common} rows={2} onInput={(e) => onChange(e.currentTarget.value)} />
      ) : (
        <input {...common} onInput={(e) => onChange(e.currentTarget.value)} />
      )}
      {props.hint}
      <Problem id={id} field={field} problems={problems} />
    </div>
  );
}

/** A choice among fixed options, read back as one of them (a select's value is a plain string). */
export function SelectField<T extends string | number>(
  props: FieldProps & { value: T; options: readonly (readonly [T, string])[]; onChange: (v: T) => void },
) {
  const { label, field, problems, value, options, onChange } = props;
  const id = useId(field);
  return (
    <div class="ed-field">
      <label for={id}>{label}</label>
      <select
        id={id}
        value={String(value)}
        data-testid={props.testid ?? `field-${field}`}
        onChange={(e) => {
          const hit = options.find(([v]) => String(v) === e.currentTarget.value);
          if (hit) onChange(hit[0]);
        }}
      >
        {options.map(([v, text]) => (
          <option key={String(v)} value={String(v)}>
            {text}
          </option>
        ))}
      </select>
      <Problem id={id} field={field} problems={problems} />
    </div>
  );
}

export function CheckField(props: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  testid: string;
  title?: string;
}) {
  return (
    <label class="ed-check" title={props.title}>
      <input
        type="checkbox"
        checked={props.checked}
        data-testid={props.testid}
        onChange={(e) => props.onChange(e.currentTarget.checked)}
      />{' '}
      {props.label}
    </label>
  );
}

/**
 * A part most abilities leave out, folded away (a native <details>: keyboard and screen readers
 * know it). Opens by itself when it holds something or a problem, so nothing set is hidden.
 */
export function Fold(props: { summary: string; open: boolean; testid: string; children: ComponentChildren }) {
  return (
    <details class="ed-fold" open={props.open} data-testid={props.testid}>
      <summary>{props.summary}</summary>
      {props.children}
    </details>
  );
}
