import { describe, expect, it } from 'vitest';
import { createGmUndoManager } from '../../src/table/createGmUndoManager';
import { readSnapshot } from '../../src/table/snapshot';
import { TableWriteError } from '../../src/table/writers/locateToken';
import { placeTokenFreely } from '../../src/table/writers/tokenWriters';
import { act, encounter, foe, GM, mapOf, party, pc, room } from './fixtures';

const MAP = mapOf(['......', '......', '......', '......']);

function fight(revealFoes: boolean) {
  const docs = room({
    map: MAP,
    party: party(pc('Ana')),
    encounter: encounter(
      [
        { id: 'orc', statBlock: foe('Orc'), cell: { x: 5, y: 0 } },
        { id: 'lurker', statBlock: foe('Lurker'), cell: { x: 5, y: 3 } },
      ],
      [{ x: 0, y: 0 }],
    ),
    revealFoes,
  });
  if (revealFoes) expect(act(docs, GM, { kind: 'start-combat' }).ok).toBe(true);
  return docs;
}

describe('GM free placement in combat (issue 12, dead end 5)', () => {
  it('moves the token, spends no movement and tells everyone in the log', () => {
    const docs = fight(true);
    const before = readSnapshot(docs.public, docs.secrets).tokensById['orc']!;
    placeTokenFreely(docs, 'orc', { x: 2, y: 2 });

    const pub = readSnapshot(docs.public);
    const orc = pub.tokensById['orc']!;
    expect(orc.cell).toEqual({ x: 2, y: 2 });
    expect(orc.state?.turn.movementUsed).toBe(before.state?.turn.movementUsed);
    const line = pub.log[pub.log.length - 1]!;
    expect(line).toMatchObject({
      kind: 'move',
      actor: 'gm',
      summary: 'Orc placed by the GM at (2,2): a free placement, no movement spent',
      details: ['from (5,0)'],
      gmOnly: false,
    });
  });

  it('is one GM undo step: Ctrl+Z puts the token back and takes the line away', () => {
    const docs = fight(true);
    const undo = createGmUndoManager(docs);
    const lines = readSnapshot(docs.public).log.length;
    placeTokenFreely(docs, 'orc', { x: 2, y: 2 });
    expect(undo.undo()).toBe(true);
    const pub = readSnapshot(docs.public);
    expect(pub.tokensById['orc']!.cell).toEqual({ x: 5, y: 0 });
    expect(pub.log).toHaveLength(lines);
    expect(undo.canUndo()).toBe(false);
  });

  it("keeps a hidden token's line in the GM-only log", () => {
    const docs = fight(false);
    placeTokenFreely(docs, 'lurker', { x: 3, y: 3 });
    expect(JSON.stringify(docs.public.toJSON())).not.toContain('Lurker');
    const gmLog = readSnapshot(docs.public, docs.secrets).log;
    expect(gmLog[gmLog.length - 1]).toMatchObject({
      summary: 'Lurker placed by the GM at (3,3): a free placement, no movement spent',
      gmOnly: true,
    });
    expect(readSnapshot(docs.public, docs.secrets).tokensById['lurker']!.cell).toEqual({ x: 3, y: 3 });
  });

  it('refuses a square off the map and writes nothing', () => {
    const docs = fight(true);
    const lines = readSnapshot(docs.public).log.length;
    expect(() => placeTokenFreely(docs, 'orc', { x: 6, y: 0 })).toThrow(TableWriteError);
    expect(readSnapshot(docs.public).log).toHaveLength(lines);
    expect(readSnapshot(docs.public).tokensById['orc']!.cell).toEqual({ x: 5, y: 0 });
  });
});
