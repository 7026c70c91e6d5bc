import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { z } from 'zod';
import type { CharacterSheet, JobStats } from '../../schema/characterSheet';
import { JobSchema, JobStatsSchema } from '../../schema/characterSheet';
import { MAX_NAME_CHARS } from '../../schema/limits';
import { currentJobOf, jobAddRefusal, jobRemovalRefusal } from '../../rules/characterSheet';
import { problemsOf, type Problems } from '../editors/fieldProblems';
import { TextField } from '../editors/fields';
import { StatFields } from '../editors/StatFields';
import { TraitFields } from '../editors/TraitFields';
import { RefusableButton } from './RefusableButton';
import { renamedJob, withJob, withJobAdded, withoutJob } from './sheetEdits';

/**
 * The character's jobs (1–3): the current one (not switched in combat), each job with Remove
 * (refused with the reason for the current or the last one), the current job's name, class and
 * numbers (the shared stat form), and "Add a job". Every change is one `edit-sheet`.
 */
export function JobsSection(props: {
  sheet: CharacterSheet;
  who: string;
  inCombat: boolean;
  save: (next: CharacterSheet) => void;
  refuse: (reason: string) => void;
}) {
  const { sheet, who, inCombat, save, refuse } = props;
  const job = currentJobOf(sheet);
  return (
    <section aria-labelledby="sheet-jobs-title">
      <h3 id="sheet-jobs-title">Jobs</h3>
      <div class="row">
        <label>
          Current job{' '}
          <select
            value={sheet.currentJob}
            disabled={inCombat}
            aria-describedby={inCombat ? 'sheet-job-why' : undefined}
            data-testid="sheet-current-job"
            onChange={(e) => save({ ...sheet, currentJob: e.currentTarget.value })}
          >
            {sheet.jobs.map((j) => (
              <option key={j.name} value={j.name}>
                {j.name} ({j.class})
              </option>
            ))}
          </select>
        </label>
        {inCombat && (
          <span class="muted" id="sheet-job-why">
            chosen for the whole expedition: change it out of combat
          </span>
        )}
      </div>
      <ul class="sheet-jobs" data-testid="sheet-jobs">
        {sheet.jobs.map((j) => (
          <li key={j.name}>
            <span>
              <strong>{j.name}</strong> ({j.class}){j.name === sheet.currentJob ? ' · current' : ''}
            </span>{' '}
            <RefusableButton
              why={jobRemovalRefusal(sheet, j.name, who)}
              testid={`sheet-remove-job-${j.name}`}
              whyTestid={`sheet-remove-job-why-${j.name}`}
              label={`Remove ${j.name}`}
              refuse={refuse}
              onRun={() => save(withoutJob(sheet, j.name))}
            >
              Remove
            </RefusableButton>
          </li>
        ))}
      </ul>
      <div class="row" role="group" aria-label={`Rename ${job.name}`}>
        {(['name', 'class'] as const).map((key) => (
          <label key={`${job.name}-${key}`}>
            {key === 'name' ? 'Job name' : 'Class'}{' '}
            <input
              value={job[key]}
              maxLength={MAX_NAME_CHARS}
              data-testid={`sheet-job-${key}`}
              onChange={(e) => {
                const value = e.currentTarget.value.trim();
                if (value && value !== job[key])
                  save(renamedJob(sheet, job.name, { name: job.name, class: job.class, [key]: value }));
              }}
            />
          </label>
        ))}
      </div>
      <DraftSave
        key={`${job.name}-stats`}
        saved={job.stats}
        schema={JobStatsSchema}
        checkedValue={(draft) => draft}
        form={(draft, setDraft, problems) => (
          <StatFields value={draft} onChange={setDraft} problems={problems} />
        )}
        onSave={(stats) => save(withJob(sheet, job.name, { stats }))}
        label={`Save ${job.name}’s numbers`}
        testid="sheet-job-stats"
        saveTestid="sheet-save-stats"
      />
      <DraftSave
        key={`${job.name}-traits`}
        saved={job.traits}
        schema={JobSchema.pick({ traits: true })}
        checkedValue={(draft) => ({ traits: draft })}
        form={(draft, setDraft, problems) => (
          <TraitFields traits={draft} problems={problems} onChange={setDraft} />
        )}
        onSave={(value) => save(withJob(sheet, job.name, { traits: value.traits }))}
        label={`Save ${job.name}’s traits`}
        testid="sheet-job-traits"
        saveTestid="sheet-save-traits"
      />
      <AddJob sheet={sheet} who={who} save={save} refuse={refuse} />
    </section>
  );
}

/**
 * A draft of one part of the current job, in its shared form, saved with one button. The button
 * is aria-disabled rather than disabled, so the keyboard user who just saved keeps their place;
 * the draft follows the sheet when the saved value changes (the server's answer, another tab).
 */
function DraftSave<T, S extends z.ZodType>(props: {
  saved: T;
  schema: S;
  /** What the schema checks, made of the draft. */
  checkedValue: (draft: T) => unknown;
  form: (draft: T, setDraft: (next: T) => void, problems: Problems) => ComponentChildren;
  onSave: (value: z.output<S>) => void;
  label: string;
  testid: string;
  saveTestid: string;
}) {
  const { saved } = props;
  const [draft, setDraft] = useState<T>(saved);
  const savedText = JSON.stringify(saved);
  useEffect(() => setDraft(saved), [savedText]);
  const checked = problemsOf(props.schema, props.checkedValue(draft));
  const ready = JSON.stringify(draft) !== savedText && checked.ok;
  return (
    <div class={props.testid} data-testid={props.testid}>
      {props.form(draft, setDraft, checked.problems)}
      <button
        type="button"
        aria-disabled={ready ? undefined : 'true'}
        data-testid={props.saveTestid}
        onClick={() => ready && checked.ok && props.onSave(checked.value)}
      >
        {props.label}
      </button>
    </div>
  );
}

/** "Add a job": its name, class and numbers (starting from the current job's). */
function AddJob(props: {
  sheet: CharacterSheet;
  who: string;
  save: (next: CharacterSheet) => void;
  refuse: (reason: string) => void;
}) {
  const { sheet, who, save, refuse } = props;
  const [name, setName] = useState('');
  const [cls, setCls] = useState('');
  const [stats, setStats] = useState<JobStats>(currentJobOf(sheet).stats);
  const checked = problemsOf(JobStatsSchema, stats);
  // Empty names are said on the button, not in red before anything is typed.
  const problems = checked.problems;
  const missing = !name.trim() ? 'a job needs a name' : !cls.trim() ? 'a job needs its class' : null;
  const why = jobAddRefusal(sheet, name.trim(), who) ?? missing ?? [...problems.values()][0] ?? null;
  return (
    <details class="sheet-add-job">
      <summary>Add a job</summary>
      <div data-testid="sheet-new-job">
        <div class="ed-grid">
          <TextField
            label="Job name"
            field="job-name"
            problems={problems}
            maxLength={MAX_NAME_CHARS}
            value={name}
            onChange={setName}
            testid="sheet-new-job-name"
          />
          <TextField
            label="Class"
            field="job-class"
            problems={problems}
            maxLength={MAX_NAME_CHARS}
            value={cls}
            onChange={setCls}
            testid="sheet-new-job-class"
          />
        </div>
        <StatFields value={stats} onChange={setStats} problems={checked.problems} />
        <RefusableButton
          why={why}
          testid="sheet-add-job"
          refuse={refuse}
          onRun={() => {
            if (!checked.ok) return;
            save(
              withJobAdded(sheet, { name: name.trim(), class: cls.trim(), stats: checked.value, traits: [] }),
            );
            setName('');
            setCls('');
          }}
        >
          Add job
        </RefusableButton>
      </div>
    </details>
  );
}
