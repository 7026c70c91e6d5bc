import type { InterruptTrigger, TriggerSubject } from '../../schema/trigger';
import { MAX_TEXT_CHARS } from '../../schema/limits';
import type { Problems } from './fieldProblems';
import { SelectField, TextField } from './fields';

type Kind = InterruptTrigger['kind'];
const KINDS: readonly (readonly [Kind, string])[] = [
  ['moves-adjacent', 'moves next to it'],
  ['moves-away', 'moves away from it'],
  ['targeted', 'is made the target of an attack'],
  ['turn-starts', 'starts its turn'],
  ['turn-ends', 'ends its turn'],
  ['text', 'something else (written out; the GM decides)'],
];
const WHO: readonly (readonly [TriggerSubject, string])[] = [
  ['you', 'this character'],
  ['ally', 'an ally'],
  ['foe', 'a foe'],
  ['any', 'anyone'],
];
const DEFAULT_WHO: Record<Exclude<Kind, 'text'>, TriggerSubject> = {
  'moves-adjacent': 'foe',
  'moves-away': 'foe',
  targeted: 'you',
  'turn-starts': 'any',
  'turn-ends': 'any',
};

/** An interrupt's trigger (src/schema/trigger.ts): who does what, or a sentence the GM judges. */
export function TriggerFields(props: {
  value: InterruptTrigger | undefined;
  onChange: (t: InterruptTrigger) => void;
  problems: Problems;
}) {
  const t = props.value ?? { kind: 'moves-adjacent', who: 'foe' };
  return (
    <div class="ed-grid" data-testid="trigger-fields">
      {t.kind !== 'text' && (
        <SelectField
          label="When"
          field="trigger.who"
          problems={props.problems}
          testid="trigger-who"
          value={t.who}
          options={WHO}
          onChange={(who) => props.onChange({ ...t, who })}
        />
      )}
      <SelectField
        label={t.kind === 'text' ? 'When' : '…'}
        field="trigger"
        problems={props.problems}
        testid="trigger-kind"
        value={t.kind}
        options={KINDS}
        onChange={(kind) =>
          props.onChange(
            kind === 'text'
              ? { kind, text: '' }
              : { kind, who: t.kind === 'text' ? DEFAULT_WHO[kind] : t.who },
          )
        }
      />
      {t.kind === 'text' && (
        <TextField
          label="Trigger"
          field="trigger.text"
          problems={props.problems}
          testid="trigger-text"
          maxLength={MAX_TEXT_CHARS}
          value={t.text}
          onChange={(text) => props.onChange({ kind: 'text', text })}
        />
      )}
    </div>
  );
}
