import { describe, expect, it } from 'vitest';
import { MapSchema } from '../../../src/schema/map';
import { readSnapshot } from '../../../src/table/snapshot';
import { sceneFromMap } from '../../../src/table/scenes/sceneSources';
import { activateScene, createScene } from '../../../src/table/scenes/sceneWriters';
import type { GmDocs } from '../../../src/table/scenes/sceneContent';
import { encounterMap } from '../../../src/ui/gmPanels/sceneChoices';
import { movedOn } from '../../../src/ui/Scene';
import { snapshotToScene } from '../../../src/ui/snapshotToScene';
import { mapOf, party, pc, room } from '../../table/fixtures';

const YARD = MapSchema.parse(mapOf(['......', '......'], undefined, 'The yard'));
const CRYPT = MapSchema.parse(mapOf(['....', '....', '....'], undefined, 'Crypt'));

function yard(): GmDocs {
  return room({ map: YARD, party: party(pc('Ana')) }) as GmDocs;
}
const playerScene = (docs: GmDocs) => snapshotToScene(readSnapshot(docs.public));

describe('a page follows the party from scene to scene', () => {
  it("players' scene names the scene the party is in, and only that one", () => {
    const docs = yard();
    expect(playerScene(docs)).toMatchObject({ sceneId: undefined, sceneName: undefined });
    const crypt = createScene(docs, 'The crypt', sceneFromMap(CRYPT));
    // Preparing a scene tells players nothing, not even that the first one is a scene.
    expect(playerScene(docs)).toMatchObject({ sceneId: undefined, sceneName: undefined });
    activateScene(docs, crypt);
    expect(playerScene(docs)).toMatchObject({ sceneId: crypt, sceneName: 'The crypt' });
  });

  it('a switch is a move; the first scene getting its id (same map) is none; so is any other change', () => {
    const docs = yard();
    const first = playerScene(docs);
    const crypt = createScene(docs, 'The crypt', sceneFromMap(CRYPT));
    const named = playerScene(docs);
    expect(movedOn(undefined, first)).toBe(false);
    expect(movedOn(first, named)).toBe(false);
    activateScene(docs, crypt);
    const moved = playerScene(docs);
    expect(movedOn(named, moved)).toBe(true);
    expect(movedOn(moved, { ...moved, tokens: [] })).toBe(false);
    // A room's very first switch: from no id to the new scene's, on another map.
    expect(movedOn(first, moved)).toBe(true);
  });
});

describe("a library encounter's map", () => {
  const sample = (file: string) =>
    Promise.resolve(file === 'arena.json' ? { file, map: YARD } : { file, error: 'not found' });

  it('is the library map it names, else the sample file it names', async () => {
    const mine = [{ file: 'map-crypt', map: CRYPT }];
    const named = { name: 'Crypt fight', map: 'arena.json', mapEntry: 'map-crypt' };
    expect(await encounterMap(named, mine, sample)).toBe(CRYPT);
    expect(await encounterMap({ ...named, mapEntry: 'gone' }, mine, sample)).toBe(YARD);
    expect(await encounterMap({ name: 'Arena', map: 'arena.json' }, [], sample)).toBe(YARD);
  });

  it('in neither: refused in words', async () => {
    await expect(encounterMap({ name: 'Lost fight', map: 'lost.json' }, [], sample)).rejects.toThrow(
      'Lost fight is played on lost.json, which is neither in your library nor among the sample maps',
    );
  });
});
