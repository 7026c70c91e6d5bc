import { describe, expect, it } from 'vitest';
import { MapSchema } from '../../../src/schema/map';
import { readSettings } from '../../../src/table/readDoc';
import { sceneFromMap } from '../../../src/table/scenes/sceneSources';
import { activateScene, createScene } from '../../../src/table/scenes/sceneWriters';
import { setRoomSettings } from '../../../src/table/writers/roomWriters';
import { secretRootsOf, publicRootsOf } from '../../../src/table/docLayout';
import { readScenes } from '../../../src/table/scenes/readScenes';
import { encounter, mapOf, party, pc, room } from '../fixtures';

/**
 * Fog of war is a setting per scene (docs/table/scenes.md): each scene keeps the room's `vision`
 * as it was when the party left it, and the room takes it back on return; a new scene keeps the
 * room's setting as it is.
 */
describe('fog of war per scene', () => {
  it('the crypt with per-player fog, the open field without: each scene gets its own back', () => {
    const docs = room({
      map: mapOf(['...#....', '........']),
      party: party(pc('Ana')),
      encounter: encounter([], [{ x: 0, y: 1 }]),
    });
    const vision = () => readSettings(docs.public, []).vision;
    setRoomSettings(docs, { ...readSettings(docs.public, []), vision: 'per-player' });
    const field = MapSchema.parse({ ...mapOf(['........', '........']), name: 'Open field' });
    const fieldId = createScene(docs, 'The field', sceneFromMap(field));
    activateScene(docs, fieldId);
    // A scene the party never left has no fog of its own yet: the room's stays.
    expect(vision()).toBe('per-player');
    setRoomSettings(docs, { ...readSettings(docs.public, []), vision: 'off' });
    const crypt = readScenes(docs.secrets, []).find((s) => s.id !== fieldId)!;
    expect(crypt.content?.vision).toBe('per-player');
    activateScene(docs, crypt.id);
    expect(vision()).toBe('per-player');
    activateScene(docs, fieldId);
    expect(vision()).toBe('off');
    // The party's own character is back in the public doc under no fog.
    expect(publicRootsOf(docs.public).tokens.has('ana')).toBe(true);
    expect(secretRootsOf(docs.secrets).tokens.has('ana')).toBe(false);
  });
});
