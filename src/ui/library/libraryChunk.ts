// What the library offers the table, loaded through libraryChunk (src/ui/lazy/chunks.ts).
export { LibraryPanel } from './LibraryPanel';
export { libraryClient, libraryEntriesOf } from './libraryClient';
export { readLibraryKey } from './libraryKey';
