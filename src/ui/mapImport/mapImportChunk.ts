// What the map import offers the GM's editor panel and Scenes panel, loaded through mapImportChunk
// (src/ui/lazy/chunks.ts): the map file importers live here only.
export { DoorsPanel } from './DoorsPanel';
export { MapImportPanel } from './MapImportPanel';
export { importedMap } from './importedMap';
export { importMapFile, importSummary, MAP_IMPORT_ACCEPT } from '../../import/importMapFile';
