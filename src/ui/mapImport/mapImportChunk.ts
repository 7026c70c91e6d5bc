// What the map import offers the GM's editor panel, loaded through mapImportChunk (src/ui/lazy/chunks.ts).
export { DoorsPanel } from './DoorsPanel';
export { MapImportPanel } from './MapImportPanel';
