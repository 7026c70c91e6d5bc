import { useState } from 'preact/hooks';
import { MAX_NAME_CHARS } from '../../schema/limits';
import { setRoomName } from '../../table/writers/roomWriters';
import { api } from '../api';
import type { RoomModel } from '../model/RoomModel';
import { refusal } from '../RoomFilePanel';
import { roomFileName, serializeRoomFile } from '../roomFile';
import './room.css';

/**
 * GM, table screen: the room's name (renamed here, shown live in every page's status bar) and
 * "Export room", which downloads `<room name>.icon-vtt.json`, the server's export of both docs
 * (`GET /api/rooms/<roomId>/export`). Results go to the status line.
 */
export function RoomExportPanel({ model, gmToken }: { model: RoomModel; gmToken: string }) {
  const [busy, setBusy] = useState(false);
  const roomId = model.session.roomId;
  const exportRoom = async () => {
    setBusy(true);
    try {
      const file = await api.exportRoom(roomId, gmToken);
      const name = roomFileName(
        typeof (file as { name?: unknown }).name === 'string' ? (file as { name: string }).name : roomId,
      );
      const a = document.createElement('a');
      a.href = URL.createObjectURL(new Blob([serializeRoomFile(file)], { type: 'application/json' }));
      a.download = name;
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
      model.say(`Exported ${name}`, 'ok');
    } catch (e) {
      model.say(refusal('Export', e), 'refused');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section data-testid="room-file-panel" aria-label="Room">
      <h3>Room</h3>
      <RoomNameForm model={model} />
      <div class="row">
        <button
          data-testid="room-export"
          title="Download the whole room (map, tokens, combat, log) as a file"
          disabled={busy}
          onClick={() => void exportRoom()}
        >
          Export room
        </button>
      </div>
      <p class="muted">
        A backup of this room. Import it from the start screen to get a new room with its own links.
      </p>
    </section>
  );
}

/**
 * The room's name, and Rename: a GM write (one undo step) that every page shows at once. The field
 * starts from the name as it stands and follows it (a rename from another GM tab) until the GM
 * types in it.
 */
function RoomNameForm({ model }: { model: RoomModel }) {
  const current = model.snapshot.value?.roomName ?? model.scene.value.roomName ?? '';
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? current;
  const rename = (e: Event): void => {
    e.preventDefault();
    const gm = model.host?.gm;
    if (!gm) return;
    try {
      const written = setRoomName(gm.docs(), value);
      setDraft(null);
      model.say(`The room is now called ${written}`, 'ok');
    } catch (error) {
      model.say(`Rename refused: ${error instanceof Error ? error.message : String(error)}`, 'refused');
    }
  };
  return (
    <form class="room-name-form" onSubmit={rename}>
      <input
        aria-label="Room name"
        placeholder="Room name"
        data-testid="room-name"
        maxLength={MAX_NAME_CHARS}
        value={value}
        onInput={(e) => setDraft(e.currentTarget.value)}
      />
      <button type="submit" data-testid="room-rename" disabled={value.trim() === current.trim()}>
        Rename
      </button>
    </form>
  );
}
