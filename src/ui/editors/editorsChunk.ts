// What the editors offer the rest of the page, loaded through editorsChunk (src/ui/lazy/chunks.ts).
export { EntryEditor } from './EntryEditor';
export { StatBlockDialog } from './StatBlockDialog';
