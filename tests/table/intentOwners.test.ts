import { describe, expect, it } from 'vitest';
import { readSnapshot } from '../../src/table/snapshot';
import { act, encounter, foe, GM, mapOf, party, pc, player, room } from './fixtures';

const ANA = player('ana');

function seeded() {
  return room({
    map: mapOf(['......', '......']),
    party: party(pc('Ana'), pc('Bo')),
    encounter: encounter(
      [{ id: 'orc', statBlock: foe('Orc'), cell: { x: 5, y: 0 } }],
      [
        { x: 0, y: 0 },
        { x: 1, y: 0 },
      ],
    ),
    revealFoes: true,
  });
}

const state = (docs: ReturnType<typeof seeded>, id: string) =>
  readSnapshot(docs.public, docs.secrets).tokensById[id]!.state!;

describe('owners manage their own statuses (issue 6)', () => {
  it('a player adds and removes statuses on their own character only; the GM on anyone', () => {
    const docs = seeded();
    expect(act(docs, ANA, { kind: 'add-status', tokenId: 'ana', statusId: 'stunned' })).toEqual({
      ok: true,
      outcome: { kind: 'add-status', tokenId: 'ana', statusId: 'stunned', by: 'Player' },
    });
    expect(state(docs, 'ana').statuses.map((s) => s.id)).toEqual(['stunned']);
    const entry = readSnapshot(docs.public).log.at(-1)!;
    expect([entry.actor, entry.summary]).toEqual(['ana', 'Ana gains stunned (Player)']);
    expect(act(docs, ANA, { kind: 'remove-status', tokenId: 'ana', statusId: 'stunned' }).ok).toBe(true);
    expect(state(docs, 'ana').statuses).toEqual([]);

    for (const tokenId of ['bo', 'orc']) {
      expect(act(docs, ANA, { kind: 'add-status', tokenId, statusId: 'stunned' })).toEqual({
        ok: false,
        reason: `${tokenId === 'bo' ? 'Bo' : 'Orc'} is not your character`,
      });
    }
    expect(act(docs, GM, { kind: 'add-status', tokenId: 'orc', statusId: 'stunned' }).ok).toBe(true);
    expect(act(docs, ANA, { kind: 'remove-status', tokenId: 'orc', statusId: 'stunned' })).toEqual({
      ok: false,
      reason: 'Orc is not your character',
    });
    expect(state(docs, 'orc').statuses.map((s) => s.id)).toEqual(['stunned']);
  });

  it('blights: the GM adds and removes them by intent; players may not', () => {
    const docs = seeded();
    expect(act(docs, ANA, { kind: 'add-blight', tokenId: 'ana', blightId: 'burning' })).toEqual({
      ok: false,
      reason: 'only the GM may add a blight',
    });
    expect(act(docs, GM, { kind: 'add-blight', tokenId: 'ana', blightId: 'burning' })).toEqual({
      ok: true,
      outcome: { kind: 'add-blight', tokenId: 'ana', blightId: 'burning' },
    });
    act(docs, GM, { kind: 'add-blight', tokenId: 'ana', blightId: 'poisoned' });
    expect(state(docs, 'ana').blights).toEqual(['burning', 'poisoned']);
    expect(act(docs, GM, { kind: 'add-blight', tokenId: 'ana', blightId: 'burning' })).toEqual({
      ok: false,
      reason: 'Ana already has the burning blight',
    });
    expect(act(docs, GM, { kind: 'add-blight', tokenId: 'ana', blightId: 'sticky' })).toMatchObject({
      ok: false,
      reason: 'Blight id: must be burning, frostbite, poisoned or electrified',
    });
    // Two blights at the start of Ana's turn: 2 damage (40 → 38).
    act(docs, GM, { kind: 'start-combat' });
    act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
    expect(state(docs, 'ana').hp).toBe(38);
    expect(act(docs, GM, { kind: 'remove-blight', tokenId: 'ana', blightId: 'burning' }).ok).toBe(true);
    expect(state(docs, 'ana').blights).toEqual(['poisoned']);
    expect(act(docs, GM, { kind: 'remove-blight', tokenId: 'ana', blightId: 'burning' })).toEqual({
      ok: false,
      reason: 'Ana does not have the burning blight',
    });
    expect(readSnapshot(docs.public).log.at(-1)!.summary).toBe('Ana loses the burning blight');
  });
});
