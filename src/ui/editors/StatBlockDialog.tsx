import { useEffect, useRef } from 'preact/hooks';
import type { RoomModel } from '../model/RoomModel';
import { StatBlockEditor } from './StatBlockEditor';
import { statusChoicesOf } from './statusChoices';

/**
 * The GM's stat block editor for one token, in a modal <dialog> opened as it mounts (Escape
 * closes it; `onClosed` then gives focus back to the button that opened it). Save writes the
 * whole block with the GM writer (`setStatBlock` on the session: one undo step, HP follows a new
 * Health), so the next roll already uses the new numbers. A refused write is said in the status
 * line. The button is src/ui/EditStatBlockButton.tsx, which loads this with the editors chunk.
 */
export function StatBlockDialog(props: { model: RoomModel; tokenId: string; onClosed: () => void }) {
  const { model, tokenId, onClosed } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const gm = model.session.gm;
  const snapshot = model.snapshot.value;
  const block = snapshot?.tokensById[tokenId]?.statBlock;
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);
  if (!gm || !block) return null;
  const close = () => {
    dialog.current?.close();
  };
  return (
    <dialog
      ref={dialog}
      class="stat-block-dialog"
      data-testid="stat-block-dialog"
      aria-label={`Stat block: ${block.name}`}
      onClose={onClosed}
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
  );
}
