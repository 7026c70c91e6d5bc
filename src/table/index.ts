/**
 * The shared-state model: how a room lives in two Yjs docs (public + secrets), how it is read
 * (frozen snapshots + change sets), written (GM writers with undo; intents resolved by the
 * server), seeded, exported and connected to. See docs/table.md.
 */
export {
  GM_ORIGIN,
  SERVER_ORIGIN,
  SYSTEM_ORIGIN,
  TABLE_SCHEMA_VERSION,
  TableSchemaError,
  migrateDoc,
  publicRootsOf,
  rootsOf,
  secretRootsOf,
  transactBoth,
} from './docLayout';
export type { TableDocs } from './docLayout';
export type { CombatantState } from '../schema/room';
export { readSnapshot, combatantOf } from './snapshot';
export { battlefieldOf } from './battlefieldOf';
export type { RoomSnapshot, TokenView } from './snapshot';
export { observeTable } from './observeTable';
export type { TableChanges } from './observeTable';
export { readMapContent, normalisePaint } from './mapContent';
export type { MapCellPaint } from './mapContent';
export { paintCells, resizeMap, renameMap, setDestructible, setDestructibleHp } from './writers/mapWriters';
export {
  placeToken,
  moveToken,
  placeTokenFreely,
  updateToken,
  removeToken,
  setTokenHidden,
  setStatBlock,
  newCombatantState,
} from './writers/tokenWriters';
export type { PlaceTokenOptions } from './writers/tokenWriters';
export {
  addStatus,
  removeStatus,
  updateCombatant,
  setRoomSettings,
  setNote,
  setRoomName,
  postChat,
  postLogNote,
} from './writers/roomWriters';
export { TableWriteError } from './writers/locateToken';
export { createGmUndoManager } from './createGmUndoManager';
export type { GmUndoManager } from './createGmUndoManager';
export { applyIntent } from './applyIntent';
export type { Actor } from './intents/IntentContext';
export { seedRoom, characterIdOf, SeedError, SeedInputSchema } from './seedRoom';
export type { SeedInput } from './seedRoom';
export { exportRoom, importRoom, RoomFileError } from './roomFile';
export { connectTable, MESSAGE_REFUSED, CLOSE_REFUSED, CLOSE_REVOKED, ConnectError } from './client';
export type { ConnectOptions, TableConnection } from './client';
export { initPresence, setCursor, setDrag, ping, othersPresence, presenceColor } from './presence';
