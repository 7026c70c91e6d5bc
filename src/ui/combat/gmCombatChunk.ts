/**
 * The GM's own combat tools (a result's undo and override, HP by hand, forced moves, what players
 * see of foes' HP): only a GM page draws them, so they come in their own chunk
 * (src/ui/lazy/chunks.ts).
 */
export { GmResultTools } from './GmResultTools';
export { ForceMoveControls } from './ForceMoveControls';
export { GmHpControls } from './GmHpControls';
export { FoeHpSetting } from './FoeHpSetting';
export { FogSetting } from './FogSetting';
