import type { SightCache } from '../../grid/vision';
import type { CellData } from '../../schema/cell';
import type { RoomSettings } from '../../schema/settings';
import type { Token } from '../../schema/token';
import type { TableState } from '../snapshot';

/** Fog of war's two ways (room setting `vision`, docs/table/fog-of-war.md). */
export type FogMode = 'party' | 'per-player';

/** The fog the settings ask for, or null when it is off. */
export function fogModeOf(settings: Pick<RoomSettings, 'vision'>): FogMode | null {
  return settings.vision === 'off' ? null : settings.vision;
}

/**
 * What every player may be sent under fog of war: the public doc holds a token only while this
 * says so. One rule for the GM's writers, intents and the server.
 */
export interface TableSight {
  readonly mode: FogMode;
  readonly width: number;
  /** What the party sees together (what `party` fog explores). */
  readonly union: Uint8Array;
  /** Whether fog decides where this token is kept (`party`: foes; `per-player`: everyone). */
  subject(token: Pick<Token, 'side'>): boolean;
  /** Whether every player may be sent `token` standing on `cell`. */
  shows(token: Pick<Token, 'id' | 'side' | 'size'>, cell: CellData): boolean;
}

/** A party character that looks: a combatant that is not defeated. */
export function looks(t: TableState['tokens'][number]): boolean {
  return t.side === 'party' && t.combatant && t.state !== null && !t.state.incapacitated;
}

/**
 * The table's sight under fog of war (null: fog is off or there is no map). `moved` overrides where
 * characters stand (a resolution's moves, before they are written).
 *
 * `party`: a token is shown when any looking party character sees it. `per-player`: when every
 * looking party character other than itself sees it — a player commands one or more of them, so
 * what they all see every player sees; the rest reaches each player through their channel doc
 * (src/table/vision/playerSight.ts). With nobody else looking, a party character is shown (there
 * is nobody to hide it from) and a foe is not.
 */
export function tableSight(
  state: TableState,
  cache: SightCache,
  moved: ReadonlyMap<string, CellData> = new Map(),
): TableSight | null {
  const mode = fogModeOf(state.settings);
  const map = state.map;
  if (!mode || !map) return null;
  const viewers = state.tokens
    .filter(looks)
    .map((t) => ({ id: t.id, cell: moved.get(t.id) ?? t.cell, size: t.size }));
  const settings = state.settings;
  // A viewer seeing a token: from its kept sight, or a few pair tests (a move decides on the
  // characters it touches without sweeping the whole map; `union` sweeps, for what is explored).
  const sees = (v: (typeof viewers)[number], cell: CellData, size: number) =>
    cache.sees(map, v.id, v, { cell, size }, settings);
  let union: Uint8Array | null = null;
  return {
    mode,
    width: map.width,
    get union() {
      union ??= cache.union(map, viewers, settings);
      return union;
    },
    subject: (token) => mode === 'per-player' || token.side === 'foes',
    shows: (token, cell) => {
      if (mode === 'party') return viewers.some((v) => sees(v, cell, token.size));
      let others = 0;
      for (const v of viewers) {
        if (v.id === token.id) continue;
        others++;
        if (!sees(v, cell, token.size)) return false;
      }
      return others > 0 || token.side === 'party';
    },
  };
}
