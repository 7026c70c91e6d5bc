import type { Battlefield } from './battlefield';
import { occupantById } from './battlefield';
import { BLOCKED, COVER, judgePair } from './sightCore';
import { terrainOf } from './terrain';

/**
 * Sight and cover between every two of the given characters (default: all), for overlays and
 * foe AI. Row-major n×n tables: `visible[i * n + j]` = i sees j (symmetric), `cover[i * n + j]` =
 * j has cover against ranged attacks from i. Visibility is symmetric, so each unordered pair is
 * traced once; the reverse direction is only traced when visible (cover needs a clear line).
 */
export interface SightTable {
  ids: string[];
  visible: Uint8Array;
  cover: Uint8Array;
}

export function sightTable(
  bf: Battlefield,
  ids: readonly string[] = bf.occupants.map((o) => o.id),
): SightTable {
  const n = ids.length;
  const who = ids.map((id) => occupantById(bf, id));
  const visible = new Uint8Array(n * n);
  const cover = new Uint8Array(n * n);
  const t = terrainOf(bf.map);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const forward = judgePair(t, who[i]!, who[j]!, bf);
      if (forward === BLOCKED) continue;
      visible[i * n + j] = 1;
      visible[j * n + i] = 1;
      if (forward === COVER) cover[i * n + j] = 1;
      if (judgePair(t, who[j]!, who[i]!, bf) === COVER) cover[j * n + i] = 1;
    }
  }
  return { ids: [...ids], visible, cover };
}
