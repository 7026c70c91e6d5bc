import { useEffect, useRef } from 'preact/hooks';
import { ChatPanel } from './chat/ChatPanel';
import { HandoutsSection } from './HandoutsSection';
import type { EditorState } from './InputController';
import { LegendPanel } from './LegendPanel';
import { gmPanelsChunk } from './lazy/chunks';
import { Lazy } from './lazy/Lazy';
import { LibrarySection } from './LibrarySection';
import type { RoomModel } from './model/RoomModel';
import { TokenPanel } from './TokenPanel';

/** Places the combat dock (mounted by mountCombat into its own root) at the top of the column. */
function DockSlot({ node }: { node: HTMLElement }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.replaceChildren(node);
  }, [node]);
  return <div class="dock-slot" ref={ref} />;
}

/**
 * The table's right column, drawn from the room model: the combat dock, tokens, and for the GM
 * the scenes, the map editor, invites and the room file; the legend last. `gmToken` (the GM
 * link's bearer token) is only on a live room's GM page: the demo has nothing to export.
 */
export function SidePanel(props: {
  model: RoomModel;
  dock: HTMLElement;
  gmToken: string | null;
  onEditor: (state: EditorState | undefined) => void;
}) {
  const { model, dock, gmToken, onEditor } = props;
  const gm = !!model.session.gm;
  return (
    <>
      <DockSlot node={dock} />
      <ChatPanel model={model} />
      <HandoutsSection model={model} />
      <TokenPanel model={model} />
      {gm && (
        <Lazy
          chunk={gmPanelsChunk}
          render={({ ScenesPanel, EditorPanel, InvitePanel, RoomExportPanel }) => (
            <>
              <ScenesPanel model={model} />
              <EditorPanel model={model} onChange={onEditor} />
              <InvitePanel model={model} />
              {gmToken && <RoomExportPanel model={model} gmToken={gmToken} />}
            </>
          )}
        />
      )}
      {gm && <LibrarySection model={model} />}
      <LegendPanel />
    </>
  );
}
