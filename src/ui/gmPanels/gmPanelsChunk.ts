/**
 * The GM's panels of the table's right column (scenes, the map editor, invites, the room file)
 * and of its token section (a token's editable details, "Place foes", "Place a token"): only a GM
 * page draws them, so they come in their own chunk (src/ui/lazy/chunks.ts).
 */
export { ScenesPanel } from './ScenesPanel';
export { EditorPanel } from './EditorPanel';
export { InvitePanel } from './InvitePanel';
export { RoomExportPanel } from './RoomExportPanel';
export { GmTokenDetails, PlaceForm } from './GmTokenDetails';
export { PlaceFoes } from '../placing/PlaceFoes';
