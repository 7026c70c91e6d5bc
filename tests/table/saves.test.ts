import { describe, expect, it } from 'vitest';
import { readSnapshot } from '../../src/table/snapshot';
import type { TableDocs } from '../../src/table/docLayout';
import { act, encounter, foe, GM, OPEN_MAP, party, pc, player, room } from './fixtures';

const ANA = player('ana');

/** Ana's own ability: she is slowed by it for as long as it lasts (an ongoing status). */
const HUNKER = {
  name: 'Hunker',
  cost: '1-action',
  effect: { statuses: ['slow'], ongoing: true },
};

function seeded(): TableDocs {
  const docs = room({
    map: OPEN_MAP,
    party: party(pc('Ana', { abilities: [HUNKER] } as never)),
    encounter: encounter([{ id: 'orc', statBlock: foe('Orc'), cell: { x: 6, y: 1 } }], [{ x: 0, y: 1 }]),
    revealFoes: true,
  });
  act(docs, GM, { kind: 'start-combat' });
  act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
  return docs;
}
const snap = (docs: TableDocs) => readSnapshot(docs.public, docs.secrets);
const statuses = (docs: TableDocs) =>
  snap(docs).tokensById['ana']!.state!.statuses.map((s) => `${s.id}${s.ongoing ? ' (ongoing)' : ''}`);

describe('saves happen at the end of the turn (rulebook: Actions on a turn; Statuses)', () => {
  it('a player cannot call a save at any moment: the table rolls them when the turn ends', () => {
    const docs = seeded();
    act(docs, GM, { kind: 'add-status', tokenId: 'ana', statusId: 'dazed' });
    const before = snap(docs).log.length;
    for (let i = 0; i < 3; i++)
      expect(act(docs, ANA, { kind: 'save', tokenId: 'ana', statusId: 'dazed' }, [20])).toEqual({
        ok: false,
        reason:
          'saves are rolled by the table at the end of your turn (one per status); only the GM may call for one at another time',
      });
    expect(statuses(docs)).toEqual(['dazed']);
    expect(snap(docs).log.length).toBe(before);
    // Ending the turn rolls the save: 10 ends it, and the log says so.
    expect(act(docs, ANA, { kind: 'end-turn', tokenId: 'ana' }, [10]).ok).toBe(true);
    expect(statuses(docs)).toEqual([]);
    expect(snap(docs).log.find((e) => e.summary === 'Ana ends their turn')!.details).toEqual([
      'save vs dazed: 10 — ends',
    ]);
  });

  it('the GM may call a save at another time; it is logged as a GM override', () => {
    const docs = seeded();
    act(docs, GM, { kind: 'add-status', tokenId: 'ana', statusId: 'dazed' });
    expect(act(docs, GM, { kind: 'save', tokenId: 'ana', statusId: 'dazed' }, [12])).toMatchObject({
      ok: true,
      outcome: { ended: true, roll: { total: 12 } },
    });
    const entry = snap(docs).log.at(-1)!;
    expect([entry.actor, entry.summary]).toEqual([
      'gm',
      'GM override: Ana saves against dazed: 12 — it ends',
    ]);
    expect(statuses(docs)).toEqual([]);
  });
});

describe('ongoing statuses cannot be removed (rulebook: Statuses and other effects)', () => {
  it('the player cannot remove an ongoing status by hand; the GM can, logged as a GM override', () => {
    const docs = seeded();
    expect(act(docs, ANA, { kind: 'effect', userId: 'ana', abilityId: 'Hunker' }).ok).toBe(true);
    expect(statuses(docs)).toEqual(['slow (ongoing)']);
    expect(act(docs, ANA, { kind: 'remove-status', tokenId: 'ana', statusId: 'slow' })).toEqual({
      ok: false,
      reason: 'Slow is ongoing: it cannot be removed (only the GM can end it, as an override)',
    });
    expect(statuses(docs)).toEqual(['slow (ongoing)']);
    // Nor saved off, at the end of the turn or by the GM.
    expect(act(docs, GM, { kind: 'save', tokenId: 'ana', statusId: 'slow' })).toEqual({
      ok: false,
      reason: 'Slow is ongoing: a save cannot end it',
    });
    expect(act(docs, GM, { kind: 'remove-status', tokenId: 'ana', statusId: 'slow' }).ok).toBe(true);
    const entry = snap(docs).log.at(-1)!;
    expect([entry.actor, entry.summary]).toEqual(['gm', 'GM override: Ana loses slow (ongoing)']);
    expect(statuses(docs)).toEqual([]);
  });

  it('a status that is not ongoing may still be taken off by its owner (issue 6)', () => {
    const docs = seeded();
    act(docs, ANA, { kind: 'add-status', tokenId: 'ana', statusId: 'dazed' });
    expect(act(docs, ANA, { kind: 'remove-status', tokenId: 'ana', statusId: 'dazed' }).ok).toBe(true);
    expect(snap(docs).log.at(-1)!.summary).toBe('Ana loses dazed (Player)');
  });
});
