import fs from 'node:fs';
import path from 'node:path';
import * as Y from 'yjs';
import type { TableDocs } from '../../../src/table/docLayout';
import { seedRoom } from '../../../src/table/seedRoom';
import { readSnapshot } from '../../../src/table/snapshot';
import { COMBAT_TEST_PARTY } from './combatParty';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const json = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));

/**
 * The combat test room from the real files (maps/combat-test.json, encounters/combat-test.json)
 * and party, seeded into real Yjs docs with the foes revealed:
 *
 *   heights      x: 0123456789
 *   y=1             22........      R = Ranger (1,2) on the height-2 hill
 *   y=2             2R...1....      1 = a height-1 wall at x=5, y=2..4
 *   y=3             22...1B...      B = Brute (6,3), G = Goblin (7,4)
 *   y=4             .....1.G..      S = Sage (3,5)
 *   y=5             ...S......
 */
export function combatRoom(): TableDocs & { secrets: Y.Doc } {
  const docs = { public: new Y.Doc(), secrets: new Y.Doc() };
  seedRoom(docs.public, docs.secrets, {
    map: json('maps/combat-test.json'),
    encounter: json('encounters/combat-test.json'),
    party: COMBAT_TEST_PARTY,
    revealFoes: true,
  });
  return docs;
}

export const snapshotOf = (docs: TableDocs) => readSnapshot(docs.public, docs.secrets);
