/** The GM's fog preview, fetched by a GM's page only (src/ui/lazy/chunks.ts). */
export { FogPreviewPanel, mountFogPreview } from './FogPreviewPanel';
