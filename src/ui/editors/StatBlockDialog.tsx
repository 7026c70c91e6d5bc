import { useEffect, useRef, useState } from 'preact/hooks';
import type { RoomModel } from '../model/RoomModel';
import { StatBlockEditor } from './StatBlockEditor';
import { statusChoicesOf } from './statusChoices';

/**
 * The GM's "Edit stat block" for one token: a button, and the stat block editor in a modal
 * <dialog> (Escape closes it; focus returns to the button). Save writes the whole block with the
 * GM writer (`setStatBlock` on the session: one undo step, HP follows a new Health), so the next
 * roll already uses the new numbers. A refused write is said in the status line.
 */
export function EditStatBlockButton({ model, tokenId }: { model: RoomModel; tokenId: string }) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const gm = model.session.gm;
  const snapshot = model.snapshot.value;
  const block = snapshot?.tokensById[tokenId]?.statBlock;
  useEffect(() => {
    const d = dialog.current;
    if (open && d && !d.open) d.showModal();
  }, [open]);
  if (!gm || !block) return null;
  const close = () => {
    dialog.current?.close();
  };
  return (
    <>
      <button ref={opener} type="button" data-testid="edit-stat-block" onClick={() => setOpen(true)}>
        Edit stat block…
      </button>
      {open && (
        <dialog
          ref={dialog}
          class="stat-block-dialog"
          data-testid="stat-block-dialog"
          aria-label={`Stat block: ${block.name}`}
          onClose={() => {
            setOpen(false);
            opener.current?.focus();
          }}
        >
          <h2>{`Stat block: ${block.name}`}</h2>
          <StatBlockEditor
            value={block}
            statuses={statusChoicesOf(snapshot?.statusCatalog)}
            frayAddsToDice={snapshot?.settings.frayAddsToDice ?? true}
            onCancel={close}
            onSave={(next) => {
              try {
                gm.setStatBlock(tokenId, next);
                model.status.value = { text: `${next.name}: stat block saved`, kind: 'ok' };
                close();
              } catch (e) {
                model.status.value = { text: e instanceof Error ? e.message : String(e), kind: 'refused' };
              }
            }}
          />
        </dialog>
      )}
    </>
  );
}
