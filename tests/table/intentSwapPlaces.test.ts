import { describe, expect, it } from 'vitest';
import type { AbilityInput } from '../../src/schema/ability';
import type { TableDocs } from '../../src/table/docLayout';
import { readSnapshot } from '../../src/table/snapshot';
import { swapPreviewsFor } from '../../src/ui/combat/forcedMovePreview';
import { act, encounter, foe, mapOf, party, pc, player, room } from './fixtures';

/**
 * "Swap places" (docs/rules/movement.md "Swapping places"): an ability component makes its user
 * and its receiver trade spaces after the damage, in one diff with the ability's other changes.
 */
const ANA = player('ana');

/** A melee attack whose hit swaps; fray damage (3) needs no damage dice. */
const SWITCHEROO: AbilityInput = {
  name: 'Switcheroo',
  cost: '1-action',
  tags: { attack: true },
  attack: { kind: 'melee', onHit: { damage: { tier: 'fray' }, swapPlaces: true } },
};

function swapRoom(drakeSize = 1) {
  return room({
    map: mapOf(['.....', '.....', '.....']),
    party: party(pc('Ana', { abilities: [SWITCHEROO] } as never)),
    encounter: encounter(
      [{ id: 'drake', statBlock: { ...foe('Ruin Drake'), size: drakeSize } as never, cell: { x: 2, y: 1 } }],
      [{ x: 1, y: 1 }],
    ),
    revealFoes: true,
  });
}
const cells = (docs: TableDocs) => {
  const s = readSnapshot(docs.public, docs.secrets);
  return { ana: s.tokensById['ana']!.cell, drake: s.tokensById['drake']!.cell };
};
const attack = { kind: 'attack', attackerId: 'ana', targetId: 'drake', abilityId: 'Switcheroo' } as const;

describe('swap places as part of an attack', () => {
  it('a hit deals its damage, then Ana and the Drake trade squares, said in the log', () => {
    const docs = swapRoom();
    // d20 15 + 2 = 17 vs Defense 9: hit; fray 3.
    const result = act(docs, ANA, attack, [15]);
    expect(result).toMatchObject({
      ok: true,
      outcome: {
        result: 'hit',
        forced: [
          {
            kind: 'swap-places',
            userId: 'ana',
            targetId: 'drake',
            userFrom: { x: 1, y: 1 },
            targetFrom: { x: 2, y: 1 },
            text: 'Ana and Ruin Drake swap places',
          },
        ],
      },
    });
    expect(cells(docs)).toEqual({ ana: { x: 2, y: 1 }, drake: { x: 1, y: 1 } });
    const line = readSnapshot(docs.public, docs.secrets).log.at(-1)!;
    expect(line.summary).toMatch(/: hit\. Ana and Ruin Drake swap places$/);
    // One diff: both squares, taken back together by "Undo this application".
    expect(line.diff?.tokens.filter((t) => t.cell).map((t) => [t.tokenId, t.cell!.after])).toEqual(
      expect.arrayContaining([
        ['ana', { x: 2, y: 1 }],
        ['drake', { x: 1, y: 1 }],
      ]),
    );
  });

  it('a miss swaps nothing (the swap is on hit)', () => {
    const docs = swapRoom();
    act(docs, ANA, attack, [2]);
    expect(cells(docs)).toEqual({ ana: { x: 1, y: 1 }, drake: { x: 2, y: 1 } });
  });

  it('characters of different sizes stay put, and the log says why', () => {
    const docs = swapRoom(2);
    const result = act(docs, ANA, attack, [15]);
    expect(result.ok).toBe(true);
    expect(cells(docs)).toEqual({ ana: { x: 1, y: 1 }, drake: { x: 2, y: 1 } });
    expect(readSnapshot(docs.public, docs.secrets).log.at(-1)!.summary).toMatch(
      /Ana and Ruin Drake do not swap places: they are not the same size$/,
    );
  });
});

describe("the Act panel's swap preview (src/ui/combat/forcedMovePreview.ts)", () => {
  const preview = (docs: TableDocs) => {
    const s = readSnapshot(docs.public, docs.secrets);
    const ability = s.tokensById['ana']!.statBlock!.abilities.find((a) => a.name === 'Switcheroo')!;
    return swapPreviewsFor(s, 'ana', ability, 'drake');
  };

  it('says before the roll what a hit then does, in the log’s words', () => {
    const docs = swapRoom();
    expect(preview(docs)).toEqual([{ when: 'on hit', text: 'Ana and Ruin Drake swap places' }]);
    act(docs, ANA, attack, [15]);
    expect(readSnapshot(docs.public, docs.secrets).log.at(-1)!.summary).toContain(
      preview(swapRoom())[0]!.text,
    );
  });

  it('says why characters of different sizes would not', () => {
    expect(preview(swapRoom(2))).toEqual([
      { when: 'on hit', text: 'Ana and Ruin Drake do not swap places: they are not the same size' },
    ]);
  });
});
