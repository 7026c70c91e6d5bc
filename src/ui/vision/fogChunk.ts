/** Fog: the GM's preview, and a player's fog of war once the room turns it on (src/ui/lazy/chunks.ts). */
export { FogPreviewPanel, mountFogPreview, mountPlayerFog } from './FogPreviewPanel';
