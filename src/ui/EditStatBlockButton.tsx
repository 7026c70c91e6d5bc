import { useRef, useState } from 'preact/hooks';
import { editorsChunk } from './lazy/chunks';
import { Lazy } from './lazy/Lazy';
import type { RoomModel } from './model/RoomModel';

/**
 * The GM's "Edit stat block…" for one token. The editor itself comes with the editors chunk,
 * fetched on the first click (src/ui/editors/StatBlockDialog.tsx).
 */
export function EditStatBlockButton({ model, tokenId }: { model: RoomModel; tokenId: string }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  if (!model.session.gm || !model.snapshot.value?.tokensById[tokenId]?.statBlock) return null;
  return (
    <>
      <button ref={opener} type="button" data-testid="edit-stat-block" onClick={() => setOpen(true)}>
        Edit stat block…
      </button>
      {open && (
        <Lazy
          chunk={editorsChunk}
          onUnavailable={() => setOpen(false)}
          render={(m) => (
            <m.StatBlockDialog
              model={model}
              tokenId={tokenId}
              onClosed={() => {
                setOpen(false);
                opener.current?.focus();
              }}
            />
          )}
        />
      )}
    </>
  );
}
