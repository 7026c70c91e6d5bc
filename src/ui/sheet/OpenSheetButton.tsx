import { useEffect, useRef, useState } from 'preact/hooks';
import type { RoomModel } from '../model/RoomModel';
import { sheetChunk } from '../lazy/chunks';
import { Lazy } from '../lazy/Lazy';
import { starterSheet } from '../../rules/characterSheet';

/**
 * "Open sheet" for a player character that has a sheet, shown to its owner and the GM (the
 * server still decides every edit). The sheet opens in a modal <dialog>: Escape closes it and
 * focus goes back to this button. The sheet itself is fetched on the first open (sheetChunk).
 */
export function OpenSheetButton({ model, tokenId }: { model: RoomModel; tokenId: string }) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (open && d && !d.open) d.showModal();
  }, [open]);
  const token = model.snapshot.value?.tokensById[tokenId];
  const block = token?.statBlock;
  if (block?.kind !== 'pc') return null;
  if (!block.sheet)
    return model.viewer.role === 'gm' && token ? (
      <button
        data-testid="give-sheet"
        title="Make a sheet from this character's stat block: one job, its abilities learned"
        onClick={() =>
          void model.report(
            { kind: 'edit-sheet', tokenId, sheet: starterSheet(block) },
            `${token.name} has a sheet now`,
            `${token.name}'s sheet refused`,
          )
        }
      >
        Give a sheet
      </button>
    ) : null;
  return (
    <>
      <button ref={button} data-testid="open-sheet" onClick={() => setOpen(true)}>
        Open sheet
      </button>
      <dialog
        ref={dialog}
        class="modal-dialog sheet-dialog"
        aria-labelledby="sheet-title"
        onClose={() => {
          setOpen(false);
          button.current?.focus();
        }}
      >
        <button class="sheet-close" data-testid="sheet-close" onClick={() => dialog.current?.close()}>
          Close
        </button>
        {open && (
          <Lazy
            chunk={sheetChunk}
            onUnavailable={() => dialog.current?.close()}
            render={(m) => <m.SheetView model={model} tokenId={tokenId} />}
          />
        )}
      </dialog>
    </>
  );
}
