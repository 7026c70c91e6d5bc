import { useState } from 'preact/hooks';
import type { RoomModel } from '../model/RoomModel';
import { browserStorage } from '../start/browserStorage';
import { LibraryPanel } from './LibraryPanel';

/**
 * The library inside a room, for the GM: folded away until opened (the side panel is busy during
 * a fight), then the same panel as on the start page, with this browser's library; the encounter
 * builder offers the room's own map first.
 */
export function LibrarySection({ model }: { model: RoomModel }) {
  const [open, setOpen] = useState(false);
  return (
    <details class="library-section" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Campaign library</summary>
      {open && (
        <LibraryPanel storage={browserStorage()} roomMap={() => model.snapshot.peek()?.map ?? undefined} />
      )}
    </details>
  );
}
