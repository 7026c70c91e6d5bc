import type { Ability, EffectComponent } from '../../schema/ability';
import type { CellData } from '../../schema/cell';
import type { Direction8Name, ForcedMoveSpec } from '../../schema/forcedMove';
import { forcedMove } from '../../grid/forcedMove';
import { swapPlaces } from '../../grid/swapPlaces';
import { forcedMoveDamage } from '../../rules/forcedMoveDamage';
import { forcedMoveSentence } from '../../rules/resolveForcedMove';
import type { RoomSnapshot } from '../../table/snapshot';
import { battlefieldOf } from '../../table/battlefieldOf';

/** Where the target would end up, for one component that moves it ("on hit: push 1"). */
export interface ForcedPreview {
  /** Which part of the ability moves it, in the Act panel's words. */
  when: string;
  spec: ForcedMoveSpec;
  /** Squares entered, its end square and Size (the ghost), and the sentence. */
  path: CellData[];
  from: CellData;
  to: CellData;
  size: number;
  /** Fall and dangerous-square damage before armor (the target's armor may be hidden). */
  damage: number;
  text: string;
}

const PARTS: [string, (a: Ability) => EffectComponent | undefined][] = [
  ['on hit', (a) => a.attack?.onHit],
  ['on a critical hit', (a) => a.attack?.onCritical],
  ['on a miss', (a) => a.attack?.onMiss],
  ['effect', (a) => a.effect],
];

/** The forced move an ability makes, if any (the first component that has one). */
export function forcedSpecOf(ability: Ability): ForcedMoveSpec | null {
  for (const [, part] of PARTS) {
    const spec = part(ability)?.forcedMove;
    if (spec) return spec;
  }
  return null;
}

/**
 * The Act panel's forced-movement preview (docs/table.md "Forced movement"): the same pure
 * functions the server runs (`forcedMove`, `forcedMoveDamage`, `forcedMoveSentence`) on the
 * battlefield this client sees, from the user's square. Computed before the roll, so it shows
 * where the target goes IF that part applies; the damage is before armor.
 */
export function forcedPreviewsFor(
  snapshot: RoomSnapshot,
  userId: string,
  ability: Ability,
  targetId: string | null,
  direction: Direction8Name | null,
): ForcedPreview[] {
  const user = snapshot.tokensById[userId];
  const target = targetId ? snapshot.tokensById[targetId] : undefined;
  if (!user || !target || target.id === user.id) return [];
  const bf = battlefieldOf(snapshot, [user.id, target.id]);
  if (!bf) return [];
  const out: ForcedPreview[] = [];
  for (const [when, part] of PARTS) {
    const spec = part(ability)?.forcedMove;
    if (!spec || (spec.kind === 'shove' && !direction)) continue;
    const move = forcedMove(bf, {
      kind: spec.kind,
      targetId: target.id,
      distance: spec.squares,
      source: { cell: user.cell, size: user.size },
      ...(direction ? { direction } : {}),
    });
    if (!move.ok) continue;
    const damage = forcedMoveDamage(move, snapshot.settings).reduce((sum, d) => sum + d.damage.amount, 0);
    const names = (id: string) => snapshot.tokensById[id]?.name ?? id;
    out.push({
      when,
      spec,
      path: move.path.map((c) => ({ x: c.x, y: c.y })),
      from: { x: move.from.x, y: move.from.y },
      to: { x: move.to.x, y: move.to.y },
      size: target.size,
      damage,
      text: forcedMoveSentence(target.name, move, damage > 0 ? damage : null, names),
    });
  }
  return out;
}

/** Whether the ability swaps its user and target (some component says so). */
export function swapsPlaces(ability: Ability): boolean {
  return PARTS.some(([, part]) => part(ability)?.swapPlaces === true);
}

/**
 * The Act panel's swap preview ("on hit: Ana and Hollow Husk swap places", or why they would not):
 * the same function the server's resolution asks (`swapPlaces`), on the battlefield this client
 * sees, for each component that swaps IF it applies.
 */
export function swapPreviewsFor(
  snapshot: RoomSnapshot,
  userId: string,
  ability: Ability,
  targetId: string | null,
): { when: string; text: string }[] {
  // Most abilities do not swap: no battlefield is built for them (this runs as the pointer moves).
  if (!swapsPlaces(ability)) return [];
  const user = snapshot.tokensById[userId];
  const target = targetId ? snapshot.tokensById[targetId] : undefined;
  if (!user || !target || target.id === user.id) return [];
  const bf = battlefieldOf(snapshot, [user.id, target.id]);
  if (!bf) return [];
  const names = (id: string) => snapshot.tokensById[id]?.name ?? id;
  return PARTS.filter(([, part]) => part(ability)?.swapPlaces).map(([when]) => ({
    when,
    text: swapPlaces(bf, user.id, target.id, names).text,
  }));
}
