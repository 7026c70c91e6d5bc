import { api, ApiError, linkPath } from './api';
import { el } from './dom';
import { parseRoomFile, ROOM_FILE_SUFFIX } from './roomFile';

/** A server refusal in the server's own words, with its status so the GM knows whose fault it is. */
export function refusal(what: string, e: unknown): string {
  if (e instanceof ApiError) return `${what} refused by the server (HTTP ${e.status}): ${e.reason}`;
  return `${what} failed: ${(e as Error).message}`;
}

/**
 * Create screen: "Import a room file". The file is checked here first (`RoomFileSchema`, errors
 * with their JSON path, nothing posted); only a valid file enables the button, which posts it to
 * `POST /api/rooms/import` and opens the new room's GM link.
 */
export function roomImportPanel(onImported?: (room: { gmLink: string; name: string }) => void): HTMLElement {
  const upload = el('input', {
    type: 'file',
    accept: '.json,application/json',
    'data-testid': 'room-import-upload',
    'aria-label': 'Room file to import',
  });
  const preview = el('div', { class: 'preview', 'data-testid': 'room-import-preview' });
  const errors = el('div', { class: 'error', 'data-testid': 'room-import-error' });
  const button = el('button', { 'data-testid': 'room-import', disabled: true }, 'Import room');
  let data: unknown;
  let name = '';

  upload.onchange = async () => {
    data = undefined;
    button.disabled = true;
    errors.textContent = '';
    preview.textContent = '';
    const file = upload.files?.[0];
    if (!file) return;
    const parsed = parseRoomFile(await file.text(), file.name);
    if (!parsed.ok) {
      errors.textContent = parsed.error;
      return;
    }
    data = parsed.data;
    name = parsed.file.name;
    preview.textContent = `${parsed.summary} Importing makes a new room; you will be its GM.`;
    button.disabled = false;
  };

  button.onclick = async () => {
    if (data === undefined) return;
    errors.textContent = '';
    button.disabled = true;
    try {
      const room = await api.importRoom(data);
      onImported?.({ gmLink: linkPath(room.gmLink), name });
      window.location.href = linkPath(room.gmLink);
    } catch (e) {
      errors.textContent = refusal('Import', e);
      button.disabled = false;
    }
  };

  return el(
    'section',
    { class: 'room-import', 'data-testid': 'room-import-panel' },
    el('h3', {}, 'Import a room file'),
    el(
      'p',
      { class: 'muted' },
      `Continue a room exported from a table (a ${ROOM_FILE_SUFFIX} file): map, tokens, combat and log come back as they were.`,
    ),
    upload,
    preview,
    el('div', { class: 'row' }, button),
    errors,
  );
}
