import { useEffect, useRef, useState } from 'preact/hooks';
import type { RoomModel } from '../model/RoomModel';
import { canCommand } from '../Scene';
import { Lazy } from '../lazy/Lazy';
import { portraitChunk } from '../lazy/chunks';

/**
 * "Set portrait…" for a token with a stat block: the GM on any, a player on their own characters
 * (the server decides: set-portrait). The dialog shows the chosen picture in the circle; drag,
 * wheel, pinch, the slider, or arrows and +/- frame it; "Use this portrait" uploads a square WebP
 * and sets it. Errors are the server's sentences, said inside the dialog.
 */
export function PortraitButton({ model, tokenId }: { model: RoomModel; tokenId: string }) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (open && d && !d.open) d.showModal();
  }, [open]);
  const token = model.snapshot.value?.tokensById[tokenId];
  const scene = model.scene.value.tokens.find((t) => t.id === tokenId);
  if (!token?.statBlock || !scene || !canCommand(model.viewer, scene)) return null;
  return (
    <>
      <button ref={opener} type="button" data-testid="set-portrait" onClick={() => setOpen(true)}>
        {token.statBlock.portrait ? 'Change portrait…' : 'Set portrait…'}
      </button>
      {open && (
        <dialog
          ref={dialog}
          class="portrait-dialog"
          data-testid="portrait-dialog"
          aria-labelledby="portrait-title"
          onClose={() => {
            setOpen(false);
            opener.current?.focus();
          }}
        >
          <Lazy
            chunk={portraitChunk}
            render={(m) => (
              <m.PortraitCropper
                model={model}
                tokenId={tokenId}
                name={token.name}
                hasPortrait={!!token.statBlock!.portrait}
                close={() => dialog.current?.close()}
              />
            )}
          />
        </dialog>
      )}
    </>
  );
}
