import type { RoomSnapshot } from '../../table/snapshot';
import type { PlaceableFoe } from './placingState';

/**
 * The foes at hand in a room: one entry per distinct foe stat block its tokens carry (the
 * encounter's foes, ones placed since), named by the stat block, sorted by name. The campaign
 * library and the starter set add theirs (libraryFoes.ts).
 */
const ROOM_GROUP = 'In this room';

export function roomFoes(snapshot: RoomSnapshot | null): PlaceableFoe[] {
  if (!snapshot) return [];
  const seen = new Map<string, PlaceableFoe>();
  for (const t of snapshot.tokens) {
    const block = t.statBlock;
    if (block?.kind !== 'foe') continue;
    const key = JSON.stringify(block);
    if (!seen.has(key)) seen.set(key, { key: '', name: block.name, group: ROOM_GROUP, statBlock: block });
  }
  const list = [...seen.values()].sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
  // Two different stat blocks of one name ("Brute" edited): tell them apart in the list.
  const named = new Map<string, number>();
  return list.map((f) => {
    const n = (named.get(f.name) ?? 0) + 1;
    named.set(f.name, n);
    const name = n === 1 ? f.name : `${f.name} (variant ${n})`;
    return { ...f, name, key: `room:${name}` };
  });
}
