import type { RoomModel } from '../model/RoomModel';
import { useLibraryFoes } from './libraryFoes';
import { PlaceFoesDialog } from './PlaceFoesDialog';
import { roomFoes } from './roomFoes';

/** The place-foes form with every foe at hand: the room's own, the GM's library, the starter set. */
export function PlaceFoes({ model }: { model: RoomModel }) {
  const [libraryFoes, reload] = useLibraryFoes();
  return (
    <PlaceFoesDialog
      model={model}
      foes={[...roomFoes(model.snapshot.value), ...libraryFoes]}
      onListFocus={reload}
    />
  );
}
