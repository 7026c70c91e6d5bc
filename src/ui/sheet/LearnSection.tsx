import { useState } from 'preact/hooks';
import type { Ability } from '../../schema/ability';
import type { CharacterSheet } from '../../schema/characterSheet';
import { MAX_NAME_CHARS } from '../../schema/limits';
import { GAMBIT_JOB, learnRefusal } from '../../rules/characterSheet';
import { AbilityEditor, type AbilityEditorProps } from '../editors/AbilityEditor';
import { newAbility } from '../editors/drafts';
import { type AbilityChoice, SOURCE_NAMES } from './abilityChoices';
import { AbilityChoiceSelect } from './AbilityChoiceSelect';
import { RefusableButton } from './RefusableButton';
import { learned } from './sheetEdits';

/**
 * "Learn an ability": pick one (the room's, your library's, the starter set's) or write a new one
 * in the ability editor, and say where it comes from: one of the character's jobs, or a gambit
 * from another class. It is learned inactive; the Active toggle is the next choice.
 */
export function LearnSection(props: {
  sheet: CharacterSheet;
  who: string;
  choices: readonly AbilityChoice[];
  editorProps: Pick<AbilityEditorProps, 'statuses' | 'damageSources' | 'frayAddsToDice'>;
  save: (next: CharacterSheet) => void;
  refuse: (reason: string) => void;
}) {
  const { sheet, who, choices, save, refuse } = props;
  const [choiceId, setChoiceId] = useState('');
  const [from, setFrom] = useState(sheet.currentJob);
  const [gambitClass, setGambitClass] = useState('');
  const [writing, setWriting] = useState(false);
  const gambit = from === GAMBIT_JOB;
  const choice = choices.find((c) => c.id === choiceId);
  const sourceWhy = gambit && !gambitClass.trim() ? 'a gambit needs the class it comes from' : null;
  const why = !choice ? 'pick an ability first' : (learnRefusal(sheet, choice.name, who) ?? sourceWhy);
  const learn = (ability: Ability) => save(learned(sheet, ability, from, gambit ? gambitClass.trim() : ''));
  return (
    <section aria-labelledby="sheet-learn-title" data-testid="sheet-learn">
      <h3 id="sheet-learn-title">Learn an ability</h3>
      <div class="row">
        <AbilityChoiceSelect
          label="Ability"
          choices={choices}
          value={choiceId}
          onChange={setChoiceId}
          testid="sheet-learn-ability"
        />
        <label>
          From{' '}
          <select
            value={from}
            data-testid="sheet-learn-from"
            onChange={(e) => setFrom(e.currentTarget.value)}
          >
            {sheet.jobs.map((j) => (
              <option key={j.name} value={j.name}>
                {j.name} ({j.class})
              </option>
            ))}
            <option value={GAMBIT_JOB}>a gambit (another class)</option>
          </select>
        </label>
        {gambit && (
          <label>
            Gambit’s class{' '}
            <input
              value={gambitClass}
              maxLength={MAX_NAME_CHARS}
              data-testid="sheet-gambit-class"
              onInput={(e) => setGambitClass(e.currentTarget.value)}
            />
          </label>
        )}
      </div>
      <div class="row">
        <RefusableButton
          why={why}
          testid="sheet-learn-button"
          refuse={refuse}
          onRun={() => {
            if (!choice) return;
            void choice
              .load()
              .then(learn, (e: unknown) => refuse(`${choice.name} could not be read: ${String(e)}`));
            setChoiceId('');
          }}
        >
          Learn
        </RefusableButton>
        <RefusableButton
          why={sourceWhy}
          testid="sheet-write-ability"
          refuse={refuse}
          onRun={() => setWriting(true)}
        >
          Write a new ability…
        </RefusableButton>
      </div>
      {choice && <p class="muted">{SOURCE_NAMES[choice.source]}</p>}
      {writing && (
        <AbilityEditor
          {...props.editorProps}
          value={newAbility('New ability')}
          nameTaken={(name) => learnRefusal(sheet, name, who) !== null}
          onCancel={() => setWriting(false)}
          onSave={(ability) => {
            setWriting(false);
            learn(ability);
          }}
        />
      )}
    </section>
  );
}
