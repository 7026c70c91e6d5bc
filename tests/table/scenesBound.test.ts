import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { MapSchema } from '../../src/schema/map';
import { base64Length } from '../../src/schema/room';
import { MAX_ROOM_ASSET_BYTES } from '../../src/schema/limits';
import type { SceneContent } from '../../src/schema/scene';
import { MAX_SCENE_BYTES, MAX_SCENES, sceneBytes } from '../../src/schema/scene';
import { exportRoom, importRoom } from '../../src/table/roomFile';
import type { GmDocs } from '../../src/table/scenes/sceneContent';
import { sceneFromMap } from '../../src/table/scenes/sceneSources';
import { createScene, sceneList } from '../../src/table/scenes/sceneWriters';
import { MAX_BODY_BYTES } from '../../src/server/http/json';
import { MAX_ROOM_IMPORT_BYTES } from '../../src/server/assets/roomFileImages';
import { mapOf, party, pc, room } from './fixtures';

/** A 200×200 map with notes in three-byte characters, grown to just under the scene bound. */
function largestScene(): SceneContent {
  const side = 200;
  const map = MapSchema.parse(
    mapOf(
      Array.from({ length: side }, () => '.'.repeat(side)),
      undefined,
      'Vast',
    ),
  );
  const content = sceneFromMap(map).content;
  const drawings: SceneContent['drawings'] = [];
  const note = (i: number) => ({
    id: `note-${i}`,
    author: { key: 'gm' as const, name: 'GM' },
    color: '#ffcc00',
    layer: 'table' as const,
    shape: {
      kind: 'text' as const,
      at: [i % side, Math.floor(i / side)] as [number, number],
      text: '€'.repeat(200),
    },
    at: 1,
  });
  let i = 0;
  while (sceneBytes({ ...content, drawings: [...drawings, note(i)] }) < MAX_SCENE_BYTES - 2_000)
    drawings.push(note(i++));
  return { ...content, drawings };
}

describe('scene bounds (issue 32: sized so the largest room still imports)', () => {
  it(`a room with ${MAX_SCENES} scenes at the size bound exports a file the import takes, whole`, () => {
    const docs = room({ map: mapOf(['....']), party: party(pc('Ana')) }) as GmDocs;
    const content = largestScene();
    expect(sceneBytes(content)).toBeGreaterThan(MAX_SCENE_BYTES - 3_000);
    for (let n = 1; n < MAX_SCENES; n++) createScene(docs, `Scene ${n}`, { content, partyStarts: [] }, n);
    expect(() => createScene(docs, 'One more', { content, partyStarts: [] })).toThrow(/at most 24 scenes/);
    const file = exportRoom(docs.public, docs.secrets, 1);
    const bytes = Buffer.byteLength(JSON.stringify(file));
    // More than a room without its scenes may be (so the scenes' share is what lets it in)…
    expect(bytes).toBeGreaterThan(MAX_BODY_BYTES);
    // …and inside what the import reads even with a room's images at their bound beside it.
    expect(bytes + base64Length(MAX_ROOM_ASSET_BYTES)).toBeLessThan(MAX_ROOM_IMPORT_BYTES);
    const again = { public: new Y.Doc(), secrets: new Y.Doc() };
    importRoom(again.public, again.secrets, JSON.parse(JSON.stringify(file)));
    expect(sceneList(again)).toHaveLength(MAX_SCENES);
  });

  it('a scene over the bound is refused in KB, counting bytes (a € is three)', () => {
    const docs = room({ map: mapOf(['....']), party: party(pc('Ana')) }) as GmDocs;
    const content = largestScene();
    const over = {
      ...content,
      drawings: [
        ...content.drawings,
        ...content.drawings.slice(0, 20).map((d, i) => ({ ...d, id: `more-${i}` })),
      ],
    };
    expect(() => createScene(docs, 'Too big', { content: over, partyStarts: [] })).toThrow(
      /^Too big is \d+ KB, more than a scene can keep \(400 KB\)/,
    );
  });
});
