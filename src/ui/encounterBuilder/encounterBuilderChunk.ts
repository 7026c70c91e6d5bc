// What the encounter builder offers the library, loaded through encounterBuilderChunk (src/ui/lazy/chunks.ts).
export { EncounterBuilder } from './EncounterBuilder';
export { StartFromEntry } from './StartRoomForm';
