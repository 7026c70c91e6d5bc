import { useState } from 'preact/hooks';
import type { CharacterSheet } from '../../schema/characterSheet';
import { MAX_LEVEL } from '../../schema/characterSheet';
import { MAX_NAME_CHARS, MAX_NOTE_CHARS } from '../../schema/limits';
import { currentJobOf, limitBreakInPlay, masteryPoints, sheetNotes } from '../../rules/characterSheet';
import type { RoomModel } from '../model/RoomModel';
import { AbilityRows } from './AbilityRows';
import { JobStatsFieldset } from './JobStatsFieldset';
import { SheetLock } from './SheetLock';
import { PortraitButton } from '../portrait/PortraitDialog';
import { renamedJob, withJob, withMasteryInstead } from './sheetEdits';

/** The token schema's bound for a name. */
const MAX_NAME = 80;
/** The sheet schema's bound for a job's or class's name. */
const MAX_JOB_NAME = MAX_NAME_CHARS;

/**
 * One character's sheet, drawn from the room model: every change is sent whole as an
 * `edit-sheet` intent and shown once the server has it (the stored sheet is the truth; `pending`
 * only bridges the round trip). The GM also edits level and the job's numbers and locks sheets.
 */
export function SheetView({ model, tokenId }: { model: RoomModel; tokenId: string }) {
  const snap = model.snapshot.value;
  const token = snap?.tokensById[tokenId];
  const stored = token?.statBlock?.kind === 'pc' ? token.statBlock.sheet : undefined;
  const [pending, setPending] = useState<CharacterSheet | null>(null);
  const [message, setMessage] = useState<{ text: string; refused: boolean } | null>(null);
  if (!snap || !token || !stored) return <p data-testid="sheet-missing">This character has no sheet.</p>;
  const sheet = pending ?? stored;
  const who = token.name;
  const gm = model.viewer.role === 'gm';
  const inCombat = snap.turn !== null;
  const locked = !gm && inCombat && snap.settings.lockSheetsInCombat;
  const job = currentJobOf(sheet);
  const lb = job.limitBreak;
  const send = async (next: CharacterSheet, name?: string) => {
    setPending(next);
    const answer = await model.report(
      { kind: 'edit-sheet', tokenId, sheet: next, ...(name ? { name } : {}) },
      `${name ?? who}'s sheet: saved`,
      `${who}'s sheet refused`,
    );
    setPending(null);
    setMessage(
      answer.ok ? { text: 'Saved', refused: false } : { text: `Refused: ${answer.reason}`, refused: true },
    );
  };
  const refuse = (reason: string) => setMessage({ text: `Refused: ${reason}`, refused: true });
  const points = masteryPoints(sheet);
  const notes = sheetNotes(sheet, who);
  return (
    <div class="sheet" data-testid="sheet-view">
      <h2 id="sheet-title">{who}</h2>
      <PortraitButton model={model} tokenId={tokenId} />
      {locked && <p class="sheet-why">The GM has locked sheets during combat.</p>}
      <div class="row">
        <label>
          Name{' '}
          <input
            value={who}
            maxLength={MAX_NAME}
            data-testid="sheet-name"
            onChange={(e) => {
              const name = e.currentTarget.value.trim();
              if (name && name !== who) void send(sheet, name);
            }}
          />
        </label>
        <label>
          Level{' '}
          <input
            type="number"
            min={1}
            max={MAX_LEVEL}
            value={String(sheet.level)}
            readOnly={!gm}
            title={gm ? undefined : 'The GM sets the level'}
            data-testid="sheet-level"
            onChange={(e) => {
              const n = Math.floor(Number(e.currentTarget.value));
              if (gm && Number.isFinite(n))
                void send({ ...sheet, level: Math.max(1, Math.min(MAX_LEVEL, n)) });
            }}
          />
        </label>
      </div>
      <div class="row">
        <label>
          Current job{' '}
          <select
            value={sheet.currentJob}
            disabled={inCombat}
            aria-describedby={inCombat ? 'sheet-job-why' : undefined}
            data-testid="sheet-current-job"
            onChange={(e) => void send({ ...sheet, currentJob: e.currentTarget.value })}
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
      <p class="muted">Jobs: {sheet.jobs.map((j) => `${j.name} (${j.class})`).join(', ')}</p>
      {gm && (
        <div class="row" role="group" aria-label={`Rename ${job.name}`}>
          {(['name', 'class'] as const).map((key) => (
            <label key={key}>
              {key === 'name' ? 'Job name' : 'Class'}{' '}
              <input
                value={job[key]}
                maxLength={MAX_JOB_NAME}
                data-testid={`sheet-job-${key}`}
                onChange={(e) => {
                  const value = e.currentTarget.value.trim();
                  if (value && value !== job[key])
                    void send(
                      renamedJob(sheet, job.name, { name: job.name, class: job.class, [key]: value }),
                    );
                }}
              />
            </label>
          ))}
        </div>
      )}
      <JobStatsFieldset
        jobName={job.name}
        stats={job.stats}
        {...(gm ? { onChange: (stats) => void send(withJob(sheet, job.name, { stats })) } : {})}
      />
      {job.traits.length > 0 && (
        <section aria-label="Traits">
          <h3>Traits</h3>
          <ul>
            {job.traits.map((t) => (
              <li key={t.name}>
                <strong>{t.name}</strong>: {t.text}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-label="Limit Break">
        <h3>Limit Break</h3>
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
                  void send(withJob(sheet, job.name, { limitBreakMasterTalent: e.currentTarget.checked }))
                }
              />{' '}
              master talent
            </label>
          </>
        ) : (
          <p class="muted">{job.name} has no Limit Break written yet.</p>
        )}
      </section>
      <AbilityRows sheet={sheet} who={who} save={(next) => void send(next)} refuse={refuse} />
      <section aria-label="Mastery">
        <h3>Mastery</h3>
        <p data-testid="sheet-mastery">
          {points} mastery point{points === 1 ? '' : 's'} (levels 5, 10, 12, and 4 or 8 instead of a new job)
        </p>
        <div class="row">
          {([4, 8] as const).map((level) => (
            <label key={level}>
              <input
                type="checkbox"
                checked={sheet.masteryInsteadOfJob.includes(level)}
                data-testid={`sheet-mastery-${level}`}
                onChange={(e) => void send(withMasteryInstead(sheet, level, e.currentTarget.checked))}
              />{' '}
              level {level}: mastery instead of a job
            </label>
          ))}
        </div>
      </section>
      <label class="sheet-notes">
        Notes
        <textarea
          maxLength={MAX_NOTE_CHARS}
          rows={4}
          value={sheet.notes}
          data-testid="sheet-notes"
          onChange={(e) => void send({ ...sheet, notes: e.currentTarget.value })}
        />
      </label>
      {notes.length > 0 && (
        <section aria-label="For the GM to check">
          <h3>For the GM to check</h3>
          <ul data-testid="sheet-notes-list">
            {notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </section>
      )}
      {gm && <SheetLock model={model} value={snap.settings.lockSheetsInCombat} />}
      <p
        role="status"
        class={message?.refused ? 'sheet-message refused' : 'sheet-message'}
        data-testid="sheet-message"
      >
        {message?.text ?? ''}
      </p>
    </div>
  );
}
