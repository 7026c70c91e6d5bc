/**
 * Public API of the battlefield geometry (pure: runs the same in Node, the browser and tests).
 * Rules and interpretations: docs/rules.md "Battlefield geometry".
 */
export type { Cell, WorldPoint, Direction } from './cell';
export {
  CELL_SIZE_PX,
  ORTHOGONAL_STEPS,
  cell,
  cellCenterToWorld,
  cellKey,
  cellToWorld,
  sameCell,
  worldPoint,
  worldToCell,
} from './cell';
export type { Occupant, OccupantInput } from './occupant';
export { OccupantSchema, areHostile } from './occupant';
export type { Battlefield, BattlefieldInput, BattlefieldOptions } from './battlefield';
export {
  BattlefieldError,
  BattlefieldSchema,
  elevationOf,
  footprintCells,
  footprintDistance,
  footprintElevation,
  footprintsAdjacent,
  footprintsOverlap,
  makeBattlefield,
  occupancyGrid,
  occupantById,
} from './battlefield';
export type { Terrain } from './terrain';
export { SPACE, heightAt, inBounds, spaceTypeAt, terrainOf } from './terrain';
export type { MoveOptions, ReachResult, ReachSpace } from './reach';
export { pathTo, reach, reachCost } from './reach';
export type { PathCheck } from './checkPath';
export { checkPath } from './checkPath';
export type { TurnEndCheck } from './turnEnd';
export { turnEndCheck } from './turnEnd';
export type { MovementEvent } from './movementEvents';
export { movementEvents } from './movementEvents';
export type { FootprintAt } from './range';
export { distanceBetween, heightBonusBetween, heightRangeBonus } from './range';
export type { Footprint, SightBlockReason, SightOptions, SightResult } from './lineOfSight';
export { lineOfSight, lineOfSightBetweenCells, sightBetween, sightBlockers } from './lineOfSight';
export type { SightTable } from './sightTable';
export { SightCache, seesFootprint, seesSquare, visibleSquares } from './vision';
export { sightTable } from './sightTable';
export { segmentTouchesRect, traceLine } from './traceLine';
export type { AttackContext, AttackOptions } from './attackContext';
export { attackContext } from './attackContext';
export type { AreaOptions, AreaPlacement, ShapePlacement } from './area/areaPlacement';
export type { AffectedCharacter, AreaResult } from './area/placeArea';
export { placeArea } from './area/placeArea';
export { arcNextSquares, enumerateAreaPlacements } from './area/enumerateAreaPlacements';
export {
  DESTRUCTIBLE_HP_PER_LEVEL,
  destructibleMaxHp,
  heightAfterDamage,
  withTerrainHeight,
} from './destructible';
export { parseAsciiMap } from './asciiMap';
export { closestNonEdgePosition, isOnEdge } from './edges';
export type { Direction8, ForcedMove, ForcedMoveKind, ForcedMoveRequest, ForcedMoveStop } from './forcedMove';
export { DIRECTIONS_8, directionBetween, forcedMove } from './forcedMove';
export type { MovementMode } from './movementModel';
