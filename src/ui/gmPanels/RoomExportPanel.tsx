import { useState } from 'preact/hooks';
import { api } from '../api';
import type { RoomModel } from '../model/RoomModel';
import { refusal } from '../RoomFilePanel';
import { roomFileName, serializeRoomFile } from '../roomFile';

/**
 * GM, table screen: "Export room" downloads `<room name>.icon-vtt.json`, the server's export of
 * both docs (`GET /api/rooms/<roomId>/export`). Results go to the status line.
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
    <section data-testid="room-file-panel" aria-label="Room file">
      <h3>Room file</h3>
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
