import { describe, expect, it } from 'vitest';
import { readSnapshot } from '../../src/table/snapshot';
import type { TableDocs } from '../../src/table/docLayout';
import { setRoomSettings } from '../../src/table/writers/roomWriters';
import { act, encounter, foe, GM, OPEN_MAP, party, pc, player, room } from './fixtures';

const ANA = player('ana');
const BO = player('bo');

const CLUB = {
  name: 'Club',
  cost: '1-action',
  tags: { attack: true },
  range: 2,
  attack: { kind: 'melee', onHit: { damage: { tier: 'heavy' } } },
};
/** A Close blast 1 around the Orc's side: catches Ana and Bo at once. */
const SWEEP = {
  name: 'Sweep',
  cost: '1-action',
  area: { primary: { kind: 'close-blast', size: 1 } },
  effect: { damage: { tier: 'light' } },
};

/** On-confirm room: Ana (1,1) and Bo (1,2), the Orc (3,1) two squares off. */
function seeded(): TableDocs {
  const docs = room({
    map: OPEN_MAP,
    party: party(pc('Ana'), pc('Bo')),
    encounter: encounter(
      [{ id: 'orc', statBlock: foe('Orc', { abilities: [CLUB, SWEEP] } as never), cell: { x: 3, y: 1 } }],
      [
        { x: 1, y: 1 },
        { x: 1, y: 2 },
      ],
    ),
    revealFoes: true,
  });
  setRoomSettings(docs, { ...readSnapshot(docs.public).settings, applyResults: 'on-confirm' });
  act(docs, GM, { kind: 'start-combat' });
  return docs;
}
const snap = (docs: TableDocs) => readSnapshot(docs.public, docs.secrets);
const state = (docs: TableDocs, id: string) => snap(docs).tokensById[id]!.state!;
const lastOf = (docs: TableDocs, kind: string) =>
  snap(docs)
    .log.filter((e) => e.kind === kind)
    .at(-1)!;

describe('surrender protects from the held result (rulebook: Victory and defeat)', () => {
  it('Ana surrenders while the Orc’s hit waits: applying it leaves her untouched and says why', () => {
    const docs = seeded();
    // d20 15 + 2 hits Defense 8: heavy 6 + 6 + fray 2 = 14, held for Apply.
    expect(
      act(docs, GM, { kind: 'attack', attackerId: 'orc', targetId: 'ana', abilityId: 'Club' }, [15, 6, 6]).ok,
    ).toBe(true);
    const held = lastOf(docs, 'attack');
    expect(held.pending?.status).toBe('pending');
    expect(act(docs, ANA, { kind: 'surrender', tokenId: 'ana' }).ok).toBe(true);

    const applied = act(docs, GM, { kind: 'apply-result', logId: held.id });
    expect(applied.ok).toBe(true);
    expect(state(docs, 'ana')).toMatchObject({ hp: 40, wounds: 0, surrendered: true, defeated: true });
    expect(lastOf(docs, 'damage').details).toEqual([
      'Ana surrendered: immune to this ability, nothing was applied',
    ]);
    expect(lastOf(docs, 'attack').pending?.status).toBe('applied');
  });

  it('an area result still lands on those who did not surrender', () => {
    const docs = seeded();
    const sweep = act(
      docs,
      GM,
      {
        kind: 'area',
        casterId: 'orc',
        abilityId: 'Sweep',
        placement: { primary: { kind: 'close-blast', center: { x: 1, y: 1 } } },
      },
      // light: one d6 (5) + fray 2 = 7 to each; Ana first, then Bo.
      [5, 4],
    );
    expect(sweep.ok).toBe(true);
    expect(act(docs, BO, { kind: 'surrender', tokenId: 'bo' }).ok).toBe(true);
    expect(act(docs, GM, { kind: 'apply-result', logId: lastOf(docs, 'area').id }).ok).toBe(true);
    expect(state(docs, 'ana').hp).toBe(33);
    expect(state(docs, 'bo')).toMatchObject({ hp: 40, wounds: 0, surrendered: true });
    expect(lastOf(docs, 'damage').details).toEqual([
      'Ana: HP 40 → 33, vigor 0 → 0',
      'Bo surrendered: immune to this ability, nothing was applied',
    ]);
  });
});
