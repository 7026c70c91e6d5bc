import { useEffect, useState } from 'preact/hooks';
import { browserStorage } from './browserStorage';
import { handoutsPanelChunk, handoutViewerChunk } from './lazy/chunks';
import { Lazy } from './lazy/Lazy';
import type { RoomModel } from './model/RoomModel';

const NONE: readonly never[] = [];

/**
 * Handouts (docs/ui/player.md "Handouts"): for the GM the Handouts panel; for a player, once the
 * room holds one, a button that opens the list. A handout this browser has not seen opens at once
 * (the newest, when several came while away). The viewer and the panel are chunks of their own:
 * a player's first download holds only this.
 */
export function HandoutsSection({ model }: { model: RoomModel }) {
  const handouts = model.snapshot.value?.handouts ?? NONE;
  const gm = model.viewer.role === 'gm';
  const roomId = model.session.roomId;
  /** The handout open in the viewer, 'list' for the list, null when it is closed. */
  const [open, setOpen] = useState<string | null>(null);
  const ids = handouts.map((h) => h.id).join(' ');
  // The viewer comes with the room's first handout, so one that arrives opens without a wait.
  useEffect(() => {
    if (ids) handoutViewerChunk.load().catch(() => {}); // a failure is said on the page
  }, [!ids]);
  useEffect(() => {
    if (gm || !ids) return;
    const storage = browserStorage();
    const key = `icon-vtt.handouts-seen.${roomId}`;
    const seen = new Set((storage.getItem(key) ?? '').split(' '));
    const fresh = ids.split(' ').filter((id) => !seen.has(id));
    storage.setItem(key, ids);
    if (fresh.length) setOpen(fresh[fresh.length - 1]!);
  }, [ids]);
  return (
    <>
      {gm && (
        <Lazy
          chunk={handoutsPanelChunk}
          render={({ HandoutsPanel }) => <HandoutsPanel model={model} open={setOpen} />}
        />
      )}
      {!gm && handouts.length > 0 && (
        <section class="handouts-section" aria-labelledby="handouts-heading">
          <h3 id="handouts-heading">Handouts</h3>
          <button data-testid="handouts-open" onClick={() => setOpen('list')}>
            All handouts ({handouts.length})
          </button>
        </section>
      )}
      {open && (
        <Lazy
          chunk={handoutViewerChunk}
          render={({ HandoutViewer }) => (
            <HandoutViewer model={model} open={open} onOpen={setOpen} onClose={() => setOpen(null)} />
          )}
          onUnavailable={() => setOpen(null)}
        />
      )}
    </>
  );
}
