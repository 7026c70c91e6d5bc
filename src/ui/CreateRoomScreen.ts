import { api, linkPath, unwrap } from './api';
import { el, setChildren } from './dom';
import { parseMapFile, parsePartyFile } from './mapFile';
import { roomImportPanel } from './RoomFilePanel';
import type { MapData } from '../schema/map';

/**
 * The GM's start screen: pick a sample map from `maps/` or upload a map file (validated here,
 * errors shown with their JSON path), optionally an encounter from `encounters/` and a party
 * from `encounters/parties/` (or an uploaded party file), then create the room and go to its GM
 * link. Or import a room file exported from a table (`RoomFilePanel`).
 */
export async function mountCreateRoomScreen(root: HTMLElement): Promise<void> {
  const mapSel = el('select', { 'data-testid': 'map-select' });
  const encSel = el(
    'select',
    { 'data-testid': 'encounter-select' },
    el('option', { value: '' }, '(no encounter)'),
  );
  const upload = el('input', { type: 'file', accept: '.json,application/json', 'data-testid': 'map-upload' });
  // A file input cannot be emptied by hand in every browser: this hands the choice back to the list.
  const clearUpload = el(
    'button',
    { type: 'button', 'data-testid': 'map-upload-clear', hidden: true },
    'Use the map from the list',
  );
  const partySel = el('select', { 'data-testid': 'party-select' }, el('option', { value: '' }, '(no party)'));
  const partyUpload = el('input', {
    type: 'file',
    accept: '.json,application/json',
    'data-testid': 'party-upload',
  });
  const partyInfo = el('div', { class: 'preview', 'data-testid': 'party-preview' });
  const errors = el('div', { class: 'error', 'data-testid': 'create-error' });
  const preview = el('div', { class: 'preview', 'data-testid': 'map-preview' });
  const create = el('button', { class: 'primary', 'data-testid': 'create-room' }, 'Create room');
  let uploaded: MapData | undefined;
  let party: unknown;
  /** An uploaded party file wins over the list, as an uploaded map does. */
  let partyUploaded = false;

  setChildren(
    root,
    el(
      'div',
      { class: 'create', 'data-testid': 'create-screen' },
      el('h1', {}, 'icon-vtt — new table'),
      el(
        'p',
        { class: 'muted' },
        'Create a room for an ICON tactical combat. You will be its GM; invite players from inside the room.',
      ),
      el(
        'div',
        { class: 'cols' },
        el(
          'div',
          {},
          el('h3', {}, 'Battlefield'),
          mapSel,
          el('p', { class: 'muted' }, 'or upload a map file:'),
          upload,
          clearUpload,
          preview,
        ),
        el(
          'div',
          {},
          el('h3', {}, 'Encounter (optional)'),
          encSel,
          el('h3', {}, 'Party (optional)'),
          partySel,
          el('p', { class: 'muted' }, 'or upload a party file:'),
          partyUpload,
          partyInfo,
          el('p', { class: 'muted' }, 'Its characters start on the encounter’s party squares.'),
        ),
      ),
      el('div', { class: 'row' }, create),
      errors,
      roomImportPanel(),
    ),
  );

  try {
    const [maps, encounters, parties] = await Promise.all([
      api.listMaps(),
      api.listEncounters().catch(() => []),
      api.listParties().catch(() => []),
    ]);
    for (const m of maps) mapSel.append(el('option', { value: m.file }, m.label));
    for (const e of encounters) encSel.append(el('option', { value: e.file }, e.label));
    for (const p of parties) partySel.append(el('option', { value: p.file }, p.label));
  } catch (e) {
    errors.textContent = `Could not list maps: ${(e as Error).message}`;
  }

  /**
   * A chosen map file that does not load blocks "Create room": the GM meant that map, and
   * falling back to the list's would build a room on a map they did not pick.
   */
  const setUploadBroken = (broken: boolean): void => {
    create.disabled = broken;
    create.title = broken ? 'The uploaded map file has errors (see below)' : '';
    clearUpload.hidden = !upload.value;
  };

  upload.onchange = async () => {
    const file = upload.files?.[0];
    uploaded = undefined;
    errors.textContent = '';
    preview.textContent = '';
    setUploadBroken(false);
    if (!file) return;
    const parsed = parseMapFile(await file.text(), file.name);
    if (!parsed.ok) {
      errors.textContent = `${parsed.error}\nThis map file cannot be used: choose a corrected file, or use the map from the list.`;
      setUploadBroken(true);
      return;
    }
    uploaded = parsed.map;
    preview.textContent = `Uploaded “${parsed.map.name}”, ${parsed.map.width}×${parsed.map.height}. It will be used instead of the list.`;
  };

  clearUpload.onclick = () => {
    upload.value = '';
    void upload.onchange?.(new Event('change'));
  };

  const showParty = (text: string, fileName: string, note = ''): boolean => {
    const parsed = parsePartyFile(text, fileName);
    if (!parsed.ok) {
      errors.textContent = parsed.error;
      return false;
    }
    party = parsed.party;
    partyInfo.textContent = `Party “${parsed.party.name}”: ${parsed.party.characters.map((c) => c.name).join(', ')}${note}`;
    return true;
  };

  partySel.onchange = async () => {
    if (partyUploaded) return;
    party = undefined;
    errors.textContent = '';
    partyInfo.textContent = '';
    const file = partySel.value;
    if (!file) return;
    try {
      // Validated here as well, so a bad file names its path before the room is created.
      showParty(JSON.stringify(await api.getParty(file)), `encounters/parties/${file}`);
    } catch (e) {
      errors.textContent = (e as Error).message;
    }
  };

  partyUpload.onchange = async () => {
    const file = partyUpload.files?.[0];
    party = undefined;
    partyUploaded = false;
    errors.textContent = '';
    partyInfo.textContent = '';
    if (!file) return partySel.onchange?.(new Event('change'));
    // A broken upload shows its errors and leaves the list in charge.
    partyUploaded = showParty(await file.text(), file.name, '. It will be used instead of the list.');
  };

  create.onclick = async () => {
    errors.textContent = '';
    create.disabled = true;
    try {
      const map = uploaded ?? unwrap(await api.getMap(mapSel.value), 'map');
      // The server reads the encounter file itself: its foes never pass through this page.
      const room = await api.createRoom({
        map,
        ...(encSel.value ? { encounterFile: encSel.value } : {}),
        ...(party ? { party } : {}),
      });
      window.location.href = linkPath(room.gmLink);
    } catch (e) {
      errors.textContent = (e as Error).message;
      create.disabled = false;
    }
  };
  document.body.dataset['ready'] = 'true';
}
