import { type AbilityChoice, type AbilitySource, SOURCE_NAMES } from './abilityChoices';

const SOURCES: readonly AbilitySource[] = ['room', 'library', 'starter'];

/** A select of abilities grouped by where they come from (room, your library, starter set). */
export function AbilityChoiceSelect(props: {
  label: string;
  choices: readonly AbilityChoice[];
  value: string;
  onChange: (id: string) => void;
  testid: string;
}) {
  const { choices } = props;
  return (
    <label>
      {props.label}{' '}
      <select
        value={props.value}
        data-testid={props.testid}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      >
        <option value="">— pick an ability —</option>
        {SOURCES.map((source) => {
          const here = choices.filter((c) => c.source === source);
          return here.length === 0 ? null : (
            <optgroup key={source} label={SOURCE_NAMES[source]}>
              {here.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </optgroup>
          );
        })}
      </select>
    </label>
  );
}
