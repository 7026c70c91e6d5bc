import type { Signal } from '@preact/signals';
import { useSignal } from '@preact/signals';
import { forgetRoom, rememberRoom, type KeyValueStorage, type YourRoom } from './yourRooms';

const WHEN = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * "Your rooms": the rooms made in this browser, newest first, each with Open (its GM link) and
 * Forget. Forgetting only drops this browser's copy of the link, yet the link is the key to the
 * room, so the last one forgotten can be brought back.
 */
export function YourRoomsList({ rooms, storage }: { rooms: Signal<YourRoom[]>; storage: KeyValueStorage }) {
  const forgotten = useSignal<YourRoom | undefined>(undefined);
  const forget = (room: YourRoom): void => {
    forgetRoom(storage, room.gmLink);
    rooms.value = rooms.value.filter((r) => r.gmLink !== room.gmLink);
    forgotten.value = room;
  };
  const undo = (): void => {
    const room = forgotten.value;
    if (!room) return;
    rememberRoom(storage, room);
    rooms.value = [room, ...rooms.value].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    forgotten.value = undefined;
  };

  if (rooms.value.length === 0 && !forgotten.value) return null;
  return (
    <section class="your-rooms" aria-labelledby="your-rooms-title">
      <h2 id="your-rooms-title">Your rooms</h2>
      <p class="muted">
        Rooms you made in this browser. Each link is the key to its room: whoever has it is the GM.
      </p>
      {rooms.value.length > 0 && (
        <ul data-testid="your-rooms">
          {rooms.value.map((room) => (
            <li key={room.gmLink}>
              <span class="your-room-name">{room.name}</span>
              <span class="muted">made {WHEN.format(new Date(room.createdAt))}</span>
              <span class="your-room-actions">
                <a class="button" href={room.gmLink} aria-label={`Open ${room.name}`}>
                  Open
                </a>
                <button type="button" aria-label={`Forget ${room.name}`} onClick={() => forget(room)}>
                  Forget
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {forgotten.value && (
        <p class="muted" role="status" data-testid="your-rooms-forgotten">
          “{forgotten.value.name}” is no longer listed here (the room itself still exists).{' '}
          <button type="button" onClick={undo}>
            Undo
          </button>
        </p>
      )}
    </section>
  );
}
