import { movementModeOf } from '../rules/movementMode';
import type { RoomSnapshot } from '../table/snapshot';
import type { Scene, SceneToken } from './Scene';

/**
 * A room snapshot → the table screen's scene. Tokens without combat state (props) get no HP bar;
 * stat blocks hidden from this reader give no Speed (so no reach overlay is drawn for them).
 */
export function snapshotToScene(s: RoomSnapshot): Scene {
  if (!s.map) throw new Error('this room has no map yet');
  const tokens: SceneToken[] = s.tokens.map((t) => ({
    id: t.id,
    name: t.state?.name ?? t.name,
    cell: { x: t.cell.x, y: t.cell.y },
    size: t.size,
    side: t.side,
    ownerIds: t.ownerIds,
    // A foe whose HP the room keeps from players: no HP bar, only the bloodied ring (`foeHp`).
    ...(t.hpHidden ? { bloodied: t.bloodied } : {}),
    ...(t.state
      ? {
          ...(t.hpHidden ? {} : { hp: t.state.hp, vigor: t.state.vigor, wounds: t.state.wounds }),
          ...(t.side === 'party' ? { resolve: t.state.resolve } : {}),
          movementUsed: t.state.turn.movementUsed,
        }
      : {}),
    ...(t.maxHp !== null ? { maxHp: t.maxHp } : {}),
    ...(t.statBlock
      ? {
          speed: t.statBlock.speed,
          stats: {
            health: t.statBlock.health,
            defense: t.statBlock.defense,
            armor: t.statBlock.armor,
            speed: t.statBlock.speed,
            attackBonus: t.statBlock.attackBonus,
          },
        }
      : {}),
    statuses: t.state?.statuses.map((st) => st.id) ?? [],
    blights: t.state ? [...t.state.blights] : [],
    incapacitated: t.state?.incapacitated ?? false,
    hidden: t.hidden,
    ...(t.outOfSight ? { outOfSight: true } : {}),
    ...(t.statBlock?.portrait ? { portrait: t.statBlock.portrait } : {}),
    // The reach overlay moves fliers and phasers as the server will (src/rules/movementMode.ts).
    ...movementModeOf({ statBlock: t.statBlock, statuses: t.state?.statuses ?? [] }, s.statusCatalog),
  }));
  const turn = s.turn ? { round: s.turn.round, currentId: s.turn.currentId, acted: [...s.turn.acted] } : null;
  return {
    roomName: s.roomName,
    sceneId: s.scene?.id,
    sceneName: s.scene?.name,
    map: s.map,
    tokens,
    chapter: s.chapter,
    destructibleHp: s.destructibleHp,
    turn,
    settings: s.settings,
  };
}
