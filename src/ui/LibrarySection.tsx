import { useState } from 'preact/hooks';
import { browserStorage } from './browserStorage';
import { libraryChunk } from './lazy/chunks';
import { Lazy } from './lazy/Lazy';
import type { RoomModel } from './model/RoomModel';

/**
 * The library inside a room, for the GM: folded away until opened (the side panel is busy during
 * a fight), then the same panel as on the start page, with this browser's library; the encounter
 * builder offers the room's own map first. The panel is fetched on the first unfolding.
 */
export function LibrarySection({ model }: { model: RoomModel }) {
  const [open, setOpen] = useState(false);
  return (
    <details class="library-section" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Campaign library</summary>
      {open && (
        <Lazy
          chunk={libraryChunk}
          render={(m) => (
            <m.LibraryPanel
              storage={browserStorage()}
              roomMap={() => model.snapshot.peek()?.map ?? undefined}
            />
          )}
        />
      )}
    </details>
  );
}
