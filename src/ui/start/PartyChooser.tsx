import { useRef } from 'preact/hooks';
import { useSignal } from '@preact/signals';
import { api } from '../api';
import { parsePartyFile } from '../mapFile';
import type { StartState } from './startState';

/**
 * An optional party: from the server's `encounters/parties/` list or an uploaded party file,
 * which then takes over from the list. Either is checked here, so a bad file names its path
 * before the room is created.
 */
export function PartyChooser({ state }: { state: StartState }) {
  const upload = useRef<HTMLInputElement>(null);
  const listed = useSignal('');
  const info = useSignal('');
  /** An uploaded party file wins over the list, as an uploaded map does. */
  const fromUpload = useSignal(false);

  const show = (text: string, fileName: string, note = ''): boolean => {
    const parsed = parsePartyFile(text, fileName);
    if (!parsed.ok) {
      state.errors.value = parsed.error;
      return false;
    }
    state.party.value = parsed.party;
    info.value = `Party “${parsed.party.name}”: ${parsed.party.characters.map((c) => c.name).join(', ')}${note}`;
    return true;
  };

  const fromList = async (file: string): Promise<void> => {
    listed.value = file;
    if (fromUpload.value) return;
    state.party.value = undefined;
    state.errors.value = '';
    info.value = '';
    if (!file) return;
    try {
      show(JSON.stringify(await api.getParty(file)), `encounters/parties/${file}`);
    } catch (e) {
      state.errors.value = (e as Error).message;
    }
  };

  const fromFile = async (): Promise<void> => {
    const file = upload.current?.files?.[0];
    state.party.value = undefined;
    fromUpload.value = false;
    state.errors.value = '';
    info.value = '';
    if (!file) return fromList(listed.value);
    // A broken upload shows its errors and leaves the list in charge.
    fromUpload.value = show(await file.text(), file.name, '. It will be used instead of the list.');
  };

  return (
    <div>
      <label class="field-label" for="start-party">
        Party (optional)
      </label>
      <select
        id="start-party"
        data-testid="party-select"
        value={listed.value}
        onChange={(e) => void fromList(e.currentTarget.value)}
      >
        <option value="">(no party)</option>
        {state.catalog.parties.map((p) => (
          <option key={p.file} value={p.file}>
            {p.label}
          </option>
        ))}
      </select>
      <label class="muted">
        or upload a party file:{' '}
        <input
          ref={upload}
          type="file"
          accept=".json,application/json"
          data-testid="party-upload"
          onChange={fromFile}
        />
      </label>
      <div class="preview" data-testid="party-preview">
        {info.value}
      </div>
      <p class="muted">Its characters start on the encounter’s party squares.</p>
    </div>
  );
}
