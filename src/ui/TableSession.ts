import type { StatBlock } from '../schema/statBlock';
import type { Scene, Viewer } from './Scene';
import type { MapData, SpaceType } from '../schema/map';
import type { CellXY } from './editorTools';
import type { Intent } from '../schema/intent';
import type { TableConnection } from '../table/client';
import type { FoePlacement } from '../table/foePlacement';
import type { Placed } from '../table/writers/foeWriters';
import type { MapBackground } from '../schema/map';
import type { Presence as SchemaPresence } from '../schema/presence';

/** A user's presence as others see it (Yjs awareness): pointer in world pixels, optional ping. */
export interface Presence {
  readonly clientId: number;
  readonly name: string;
  readonly colour: number;
  readonly pointer?: { x: number; y: number };
  readonly ping?: { x: number; y: number; at: number };
  /** The token they are dragging and the square it hovers over. */
  readonly drag?: { tokenId: string; cell: { x: number; y: number } };
  /** The ruler they are holding (issue 15), in squares. */
  readonly ruler?: RulerPresence;
}

/** A held ruler as presence carries it (src/schema/presence.ts). */
export type RulerPresence = NonNullable<SchemaPresence['ruler']>;

export type MoveResult = { ok: true; note?: string } | { ok: false; reason: string };

/** What a GM can paint onto cells: a space type, a height, or both. */
export interface Paint {
  readonly space?: SpaceType;
  readonly height?: number;
}

/** The stats a GM may edit from the token panel. */
export interface TokenEdit {
  readonly name?: string;
  readonly hp?: number;
  readonly vigor?: number;
  readonly wounds?: number;
  readonly size?: number;
  readonly side?: 'party' | 'foes';
  /** Stat block numbers (rewrites the token's stat block). */
  readonly health?: number;
  readonly defense?: number;
  readonly armor?: number;
  readonly speed?: number;
  readonly attackBonus?: number;
}

/** The place form's stats for a new combatant (max HP, Defense, Speed in squares). */
export interface PlaceStats {
  readonly hp: number;
  readonly defense: number;
  readonly speed: number;
}

/**
 * Everything the table screen needs from a room: the scene, change notifications, presence, and
 * the writes it may ask for. GM writes go to table writers (one transaction each, undoable);
 * player moves go to the server as intents. Implemented by `remoteSession.ts` (a live room) and
 * `localSession.ts` (the offline demo and the render benchmark).
 */
export interface TableSession {
  /** `channel`: a player's invite id, which the server stamps on what they make (drawings). */
  readonly viewer: Viewer & { readonly name: string; readonly channel?: string };
  readonly roomId: string;
  scene(): Scene;
  onScene(cb: (scene: Scene) => void): () => void;
  /** Move a token along `path` (squares entered, start excluded). */
  move(tokenId: string, path: readonly CellXY[]): Promise<MoveResult>;
  /** Any other intent (turns, combat); resolved by the server, which answers ok or a reason. */
  intent(intent: Intent): Promise<MoveResult>;
  setPresence(p: {
    pointer?: { x: number; y: number };
    ping?: { x: number; y: number; at: number };
    /** null = stopped dragging. */
    drag?: { tokenId: string; cell: { x: number; y: number } } | null;
    /** null = the ruler was released. */
    ruler?: RulerPresence | null;
  }): void;
  onPresence(cb: (others: readonly Presence[]) => void): () => void;
  gm?: GmActions;
  /**
   * The room connection (live rooms only): the combat tools use it instead of opening a second
   * one, and for the GM they share `gm.undo`/`gm.redo`, so Ctrl+Z and "Undo GM change" walk one
   * history (one write = one step).
   */
  readonly connection?: TableConnection;
  destroy(): void;
}

export interface GmActions {
  paint(cells: readonly CellXY[], paint: Paint): void;
  resize(width: number, height: number): void;
  /** The map's battlemap and its alignment (undefined removes it); live rooms only. */
  setBackground?(background: MapBackground | undefined): void;
  /**
   * A new token: with `stats` a combatant (takes turns, can be attacked, joins the tracker);
   * without, a prop (a marker with no HP and no turns).
   */
  placeToken(t: {
    name: string;
    side: 'party' | 'foes';
    size: number;
    cell: CellXY;
    hidden: boolean;
    stats?: PlaceStats;
  }): void;
  /** GM moves are writes, not rule checks: the GM may put a token anywhere. */
  moveToken(tokenId: string, cell: CellXY): void;
  /** In combat, Shift-drag: the same placement plus a log line saying the GM placed it. */
  placeFreely(tokenId: string, cell: CellXY): void;
  setHidden(tokenId: string, hidden: boolean): void;
  editToken(tokenId: string, edit: TokenEdit): void;
  /** Replaces a token's whole stat block (the stat block editor); HP follows a changed Health (docs/rules.md). */
  setStatBlock(tokenId: string, block: StatBlock): void;
  removeToken(tokenId: string): void;
  /**
   * N copies of a foe stat block as numbered combatants, all or none (live rooms only): the new
   * tokens; throws the reason a copy does not fit (src/table/placeFoes.ts).
   */
  placeFoes?(placement: FoePlacement): Placed[];
  /** A copy of a token on the nearest free square, next number, fresh state. */
  duplicateToken?(tokenId: string): Placed;
  /** Opens or closes the door on a square (live rooms only; undoable). */
  setDoor?(at: CellXY, closed: boolean): void;
  /**
   * Replaces the whole map with an imported one (live rooms only; one undo step): true when
   * applied (the page's guarded GM actions answer undefined for a refusal, said on the status line).
   */
  replaceMap?(map: MapData): true;
  /** Undo the GM's newest write (one writer call); false when there was nothing to undo. */
  undo(): boolean;
  redo(): boolean;
  /** The new invite's link and id (the id its row in the invite list has). */
  createInvite(name: string, characterIds: string[]): Promise<{ link: string; id: string }>;
}
