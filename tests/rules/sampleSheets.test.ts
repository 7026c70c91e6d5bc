import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PartySchema } from '../../src/schema/party';
import { deriveStatBlock, sheetNotes, sheetRefusals } from '../../src/rules/characterSheet';
import { seedRoom } from '../../src/table/seedRoom';
import * as Y from 'yjs';
import { rootsOf } from '../../src/table/docLayout';
import type { PlayerCharacter } from '../../src/schema/statBlock';

const party = PartySchema.parse(JSON.parse(readFileSync('encounters/parties/sample-party.json', 'utf8')));

describe('the sample party’s sheets (a starter job each, written by the project)', () => {
  it('every character has a sheet the rules accept, with no notes', () => {
    for (const pc of party.characters) {
      expect(pc.sheet, pc.name).toBeDefined();
      expect(sheetRefusals(pc.sheet!, pc.name)).toEqual([]);
      expect(sheetNotes(pc.sheet!, pc.name)).toEqual([]);
    }
  });

  it('the file’s stat blocks are what their sheets derive', () => {
    for (const pc of party.characters) expect(deriveStatBlock(pc), pc.name).toEqual(pc);
  });

  it('a seeded room (the demo room) derives each stat block from its sheet', () => {
    const pub = new Y.Doc();
    const sec = new Y.Doc();
    const map = JSON.parse(readFileSync('maps/arena.json', 'utf8')) as unknown;
    // A file whose top-level numbers disagree with its sheet: the sheet wins.
    const stale = {
      ...party,
      characters: party.characters.map((pc) => ({ ...pc, health: 99, abilities: [] })),
    };
    const { characterIds } = seedRoom(pub, sec, { map, party: stale });
    const stored = characterIds.map((id) => rootsOf(pub).statBlocks.get(id) as PlayerCharacter);
    expect(stored.map((b) => b.health)).toEqual(party.characters.map((pc) => pc.health));
    expect(stored.map((b) => b.abilities.length)).toEqual(party.characters.map((pc) => pc.abilities.length));
    expect(stored.every((b) => b.sheet !== undefined)).toBe(true);
  });
});
