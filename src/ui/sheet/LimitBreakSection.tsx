import { useState } from 'preact/hooks';
import type { CharacterSheet } from '../../schema/characterSheet';
import { currentJobOf, limitBreakInPlay, limitBreakRefusal } from '../../rules/characterSheet';
import { AbilityEditor, type AbilityEditorProps } from '../editors/AbilityEditor';
import { newAbility } from '../editors/drafts';
import type { AbilityChoice } from './abilityChoices';
import { AbilityChoiceSelect } from './AbilityChoiceSelect';
import { RefusableButton } from './RefusableButton';
import { withJob, withLimitBreak } from './sheetEdits';

/**
 * The current job's Limit Break: shown with its Resolve cost and whether it is in play; picked
 * from the abilities on offer or written in the ability editor (refused below level 2 with the
 * reason, before the click), removed, and its master talent.
 */
export function LimitBreakSection(props: {
  sheet: CharacterSheet;
  who: string;
  choices: readonly AbilityChoice[];
  editorProps: Pick<AbilityEditorProps, 'statuses' | 'damageSources' | 'frayAddsToDice'>;
  save: (next: CharacterSheet) => void;
  refuse: (reason: string) => void;
}) {
  const { sheet, who, save, refuse } = props;
  const job = currentJobOf(sheet);
  const lb = job.limitBreak;
  const [writing, setWriting] = useState(false);
  const [choiceId, setChoiceId] = useState('');
  const why = limitBreakRefusal(sheet, who);
  const choice = props.choices.find((c) => c.id === choiceId);
  const offered = [...props.choices].sort((a, b) => Number(b.limitBreak) - Number(a.limitBreak));
  return (
    <section aria-labelledby="sheet-lb-title">
      <h3 id="sheet-lb-title">Limit Break</h3>
      {lb ? (
        <>
          <p data-testid="sheet-limit-break">
            <strong>{lb.name}</strong> ({lb.tags.limitBreak ?? '?'} Resolve):{' '}
            {limitBreakInPlay(sheet) ? 'in play' : 'available from level 2'}
          </p>
          <label>
            <input
              type="checkbox"
              checked={job.limitBreakMasterTalent}
              data-testid="sheet-lb-master"
              onChange={(e) =>
                save(withJob(sheet, job.name, { limitBreakMasterTalent: e.currentTarget.checked }))
              }
            />{' '}
            master talent
          </label>
        </>
      ) : (
        <p class="muted">{job.name} has no Limit Break written yet.</p>
      )}
      {!why && (
        <div class="row">
          <AbilityChoiceSelect
            label="Make one the Limit Break"
            choices={offered}
            value={choiceId}
            onChange={setChoiceId}
            testid="sheet-lb-pick"
          />
          <RefusableButton
            why={choice ? null : 'pick an ability first'}
            testid="sheet-lb-use"
            whyTestid="sheet-lb-use-why"
            refuse={refuse}
            onRun={() => {
              if (!choice) return;
              void choice.load().then(
                (ability) => save(withLimitBreak(sheet, job.name, ability)),
                (e: unknown) => refuse(`${choice.name} could not be read: ${String(e)}`),
              );
              setChoiceId('');
            }}
          >
            Use it
          </RefusableButton>
        </div>
      )}
      <div class="row">
        <RefusableButton
          why={why}
          testid="sheet-lb-write"
          whyTestid="sheet-lb-why"
          refuse={refuse}
          onRun={() => setWriting(true)}
        >
          {lb ? 'Edit the Limit Break…' : 'Write a Limit Break…'}
        </RefusableButton>
        {lb && (
          <button
            type="button"
            data-testid="sheet-lb-remove"
            onClick={() => save(withLimitBreak(sheet, job.name, undefined))}
          >
            Remove the Limit Break
          </button>
        )}
      </div>
      {writing && !why && (
        <AbilityEditor
          {...props.editorProps}
          value={
            lb ?? {
              ...newAbility('New Limit Break'),
              cost: '2-actions',
              tags: { ...newAbility('').tags, limitBreak: 1 },
            }
          }
          nameTaken={(name) => sheet.abilities.some((a) => a.ability.name === name)}
          onCancel={() => setWriting(false)}
          onSave={(ability) => {
            setWriting(false);
            save(withLimitBreak(sheet, job.name, ability));
          }}
        />
      )}
    </section>
  );
}
