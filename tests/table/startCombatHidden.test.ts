import { describe, expect, it } from 'vitest';
import { readSnapshot } from '../../src/table/snapshot';
import { act, encounter, foe, GM, OPEN_MAP, party, pc, room } from './fixtures';

/** Ana against two Husks and a Sentry, the foes hidden as a room made from the start page. */
function hiddenRoom() {
  return room({
    map: OPEN_MAP,
    party: party(pc('Ana')),
    encounter: encounter(
      [
        { id: 'husk-1', statBlock: foe('Hollow Husk'), cell: { x: 5, y: 1 } },
        { id: 'husk-2', statBlock: foe('Hollow Husk'), cell: { x: 6, y: 1 } },
        { id: 'sentry-1', statBlock: foe('Temple Sentry'), cell: { x: 6, y: 2 } },
      ],
      [{ x: 1, y: 1 }],
    ),
    revealFoes: false,
  });
}

describe('start combat with hidden foes (issue 12, dead end 12)', () => {
  it('tells the GM how many are left out, names them in a GM-only line, and tells players nothing', () => {
    const docs = hiddenRoom();
    const r = act(docs, GM, { kind: 'start-combat' });
    expect(r.ok && r.outcome).toMatchObject({ kind: 'start-combat', hiddenLeftOut: 3 });

    const gmLog = readSnapshot(docs.public, docs.secrets).log.map((e) => e.summary);
    expect(gmLog).toEqual([
      'Combat starts: round 1, party side first',
      'Left out of combat until revealed: Hollow Husk 1, Hollow Husk 2, Temple Sentry',
    ]);
    const publicLog = readSnapshot(docs.public).log;
    expect(publicLog.map((e) => e.summary)).toEqual(['Combat starts: round 1, party side first']);
    // Not even the count reaches players: the public line's outcome has none.
    expect(JSON.stringify(publicLog)).not.toContain('hiddenLeftOut');
    expect(JSON.stringify(docs.public.toJSON())).not.toMatch(/Left out|Hollow Husk|Temple Sentry/);
  });

  it('says nothing more when every foe is revealed', () => {
    const docs = hiddenRoom();
    for (const id of ['husk-1', 'husk-2', 'sentry-1']) act(docs, GM, { kind: 'reveal', tokenId: id });
    const r = act(docs, GM, { kind: 'start-combat' });
    expect(r.ok && r.outcome).toEqual(expect.not.objectContaining({ hiddenLeftOut: expect.anything() }));
    expect(readSnapshot(docs.public, docs.secrets).log.filter((e) => e.kind === 'turn')).toHaveLength(1);
  });
});
