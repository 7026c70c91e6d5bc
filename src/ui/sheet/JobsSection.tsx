import { useState } from 'preact/hooks';
import type { CharacterSheet, Job, JobStats } from '../../schema/characterSheet';
import { JobSchema, JobStatsSchema } from '../../schema/characterSheet';
import type { Trait } from '../../schema/combatStats';
import { MAX_NAME_CHARS } from '../../schema/limits';
import { currentJobOf, jobAddRefusal, jobRemovalRefusal } from '../../rules/characterSheet';
import { problemsOf } from '../editors/fieldProblems';
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
      <JobNumbers key={job.name} job={job} onSave={(stats) => save(withJob(sheet, job.name, { stats }))} />
      <JobTraits
        key={`${job.name}:${JSON.stringify(job.traits)}`}
        job={job}
        onSave={(traits) => save(withJob(sheet, job.name, { traits }))}
      />
      <AddJob sheet={sheet} who={who} save={save} refuse={refuse} />
    </section>
  );
}

/** The current job's numbers in the shared stat form; saved with a button, not per keystroke. */
function JobNumbers({ job, onSave }: { job: Job; onSave: (stats: JobStats) => void }) {
  const [draft, setDraft] = useState<JobStats>(job.stats);
  const checked = problemsOf(JobStatsSchema, draft);
  const changed = JSON.stringify(draft) !== JSON.stringify(job.stats);
  return (
    <div class="sheet-job-numbers" data-testid="sheet-job-stats">
      <StatFields value={draft} onChange={setDraft} problems={checked.problems} />
      <button
        type="button"
        disabled={!changed || !checked.ok}
        data-testid="sheet-save-stats"
        onClick={() => checked.ok && onSave(checked.value)}
      >
        Save {job.name}’s numbers
      </button>
    </div>
  );
}

/** The current job's traits in the shared trait form, checked by the job schema; saved with a button. */
function JobTraits({ job, onSave }: { job: Job; onSave: (traits: Trait[]) => void }) {
  const [draft, setDraft] = useState<Trait[]>(job.traits);
  const checked = problemsOf(JobSchema.pick({ traits: true }), { traits: draft });
  const changed = JSON.stringify(draft) !== JSON.stringify(job.traits);
  return (
    <div class="sheet-job-traits" data-testid="sheet-job-traits">
      <TraitFields traits={draft} problems={checked.problems} onChange={setDraft} />
      <button
        type="button"
        disabled={!changed || !checked.ok}
        data-testid="sheet-save-traits"
        onClick={() => checked.ok && onSave(checked.value.traits)}
      >
        Save {job.name}’s traits
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
