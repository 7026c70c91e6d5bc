import { useState } from 'preact/hooks';
import type { CharacterSheet } from '../../schema/characterSheet';
import { MAX_LEVEL } from '../../schema/characterSheet';
import { MAX_NOTE_CHARS } from '../../schema/limits';
import { currentJobOf, masteryPoints, sheetNotes } from '../../rules/characterSheet';
import { statusChoicesOf } from '../editors/statusChoices';
import type { RoomModel } from '../model/RoomModel';
import { roomAbilityChoices, useLibraryAbilityChoices } from './abilityChoices';
import { AbilityRows } from './AbilityRows';
import { JobsSection } from './JobsSection';
import { LearnSection } from './LearnSection';
import { LimitBreakSection } from './LimitBreakSection';
import { SheetLock } from './SheetLock';
import { PortraitButton } from '../portrait/PortraitDialog';
import { withMasteryInstead } from './sheetEdits';

/** The token schema's bound for a name. */
const MAX_NAME = 80;

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
  const library = useLibraryAbilityChoices();
  if (!snap || !token || !stored) return <p data-testid="sheet-missing">This character has no sheet.</p>;
  const sheet = pending ?? stored;
  const who = token.name;
  const gm = model.viewer.role === 'gm';
  const inCombat = snap.turn !== null;
  const locked = !gm && inCombat && snap.settings.lockSheetsInCombat;
  const job = currentJobOf(sheet);
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
  const save = (next: CharacterSheet) => void send(next);
  const refuse = (reason: string) => setMessage({ text: `Refused: ${reason}`, refused: true });
  const choices = [...roomAbilityChoices(snap), ...library.choices];
  const editorProps = {
    statuses: statusChoicesOf(snap.statusCatalog),
    damageSources: [{ name: who, damageDie: job.stats.damageDie, frayDamage: job.stats.frayDamage }],
    frayAddsToDice: snap.settings.frayAddsToDice,
  };
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
      <JobsSection sheet={sheet} who={who} inCombat={inCombat} save={save} refuse={refuse} />
      <LimitBreakSection
        sheet={sheet}
        who={who}
        choices={choices}
        editorProps={editorProps}
        save={save}
        refuse={refuse}
      />
      <AbilityRows sheet={sheet} who={who} save={save} refuse={refuse} />
      <LearnSection
        sheet={sheet}
        who={who}
        choices={choices}
        editorProps={editorProps}
        save={save}
        refuse={refuse}
      />
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
