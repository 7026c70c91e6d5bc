import type { BattlefieldOptions } from '../grid/battlefield';
import { footprintElevation } from '../grid/battlefield';
import { bloodiedAt } from '../rules/health';
import type { MapData } from '../schema/map';
import type { Token } from '../schema/token';
import type { DrawnToken } from '../render/drawnToken';

/**
 * What the table screen shows, independent of where it comes from (a live room or the local
 * demo): the map and every token this viewer may know about, with combat state flattened in.
 */
export interface SceneToken extends Readonly<Pick<Token, 'id' | 'name' | 'size' | 'side'>> {
  readonly cell: { readonly x: number; readonly y: number };
  readonly ownerIds: readonly string[];
  readonly hp?: number;
  readonly maxHp?: number;
  readonly vigor?: number;
  readonly wounds?: number;
  /** Given when the HP is not (a foe whose HP the room keeps from players: setting `foeHp`). */
  readonly bloodied?: boolean;
  /** Resolve built up this combat (player characters; Limit Breaks spend it). */
  readonly resolve?: number;
  /** Squares of standard move per turn (stat block Speed) and already used this turn. */
  readonly speed?: number;
  readonly movementUsed?: number;
  /** Core stat block numbers (when this viewer may see the stat block). */
  readonly stats?: {
    readonly health: number;
    readonly defense: number;
    readonly armor: number;
    readonly speed: number;
    readonly attackBonus: number;
  };
  readonly statuses: readonly string[];
  readonly blights: readonly string[];
  readonly incapacitated: boolean;
  /** Flies / phases (a trait or a status): the reach overlay moves it as the server will. */
  readonly flying?: boolean;
  readonly phasing?: boolean;
  /** Only in the GM's scene: lives in the secrets doc, players never receive it. */
  readonly hidden: boolean;
  /** Hidden only by fog of war: revealed, but out of the party's sight (docs/ui/vision.md). */
  readonly outOfSight?: boolean;
  /** Asset hash of the stat block's portrait, when this viewer receives the stat block. */
  readonly portrait?: string;
}

export interface Scene {
  /** The room's name (a live room: the encounter's or the map's unless named); the map's name otherwise. */
  readonly roomName?: string;
  /** The scene the party is in (docs/table/scenes.md); none in a room that only ever had one. */
  readonly sceneId?: string;
  readonly sceneName?: string;
  readonly map: MapData;
  readonly tokens: readonly SceneToken[];
  readonly chapter: number;
  /** Null out of combat (then the server lets tokens move freely; see docs/ui.md). */
  readonly turn?: {
    readonly round: number;
    readonly currentId: string | null;
    readonly acted: readonly string[];
  } | null;
  /** Remaining HP of destructible terrain by "x,y" (missing = undamaged). */
  readonly destructibleHp?: Readonly<Record<string, number>>;
  /**
   * The room's rule settings the battlefield reads (sight, movement); missing = the defaults
   * (the local demo), so the reach overlay moves tokens exactly as the server will.
   */
  readonly settings?: BattlefieldOptions;
}

export interface Viewer {
  readonly role: 'gm' | 'player';
  readonly characterIds: readonly string[];
}

export function canCommand(viewer: Viewer, t: Pick<SceneToken, 'id' | 'ownerIds'>): boolean {
  return (
    viewer.role === 'gm' ||
    viewer.characterIds.includes(t.id) ||
    t.ownerIds.some((o) => viewer.characterIds.includes(o))
  );
}

/** Scene tokens → what the token layer draws (elevation read from the map, bloodied below 50%). */
export function drawnTokens(scene: Scene, viewer: Viewer): DrawnToken[] {
  return scene.tokens.map((t) => ({
    id: t.id,
    name: t.name,
    x: t.cell.x,
    y: t.cell.y,
    size: t.size,
    side: t.side,
    elevation: footprintElevation(scene.map, t.cell, t.size),
    hp: t.hp,
    maxHp: t.maxHp,
    vigor: t.vigor,
    wounds: t.wounds,
    ...(t.resolve !== undefined ? { resolve: t.resolve } : {}),
    statuses: t.statuses,
    blights: t.blights,
    bloodied: t.bloodied ?? (t.hp !== undefined && t.maxHp !== undefined && bloodiedAt(t.hp, t.maxHp)),
    incapacitated: t.incapacitated,
    hidden: t.hidden,
    ...(t.outOfSight ? { outOfSight: true } : {}),
    mine: canCommand(viewer, t),
    ...(t.portrait ? { portrait: t.portrait } : {}),
  }));
}

/**
 * Whether the party moved on between two drawn scenes (docs/table/scenes.md), so the page shows
 * the new one as on first load. A room's first scene gets its id when a second one is prepared,
 * on the same map: that is no move.
 */
export function movedOn(before: Pick<Scene, 'sceneId' | 'map'> | undefined, now: Scene): boolean {
  if (!before || before.sceneId === now.sceneId) return false;
  return !!before.sceneId || before.map.name !== now.map.name;
}
