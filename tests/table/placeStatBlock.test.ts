import { describe, expect, it } from 'vitest';
import { GM_ORIGIN, rootsOf, transactBoth } from '../../src/table/docLayout';
import { placeStatBlock, statsBelongInSecrets } from '../../src/table/placeStatBlock';
import { setTokenHidden } from '../../src/table/writers/tokenWriters';
import { encounter, foe, mapOf, party, pc, room } from './fixtures';

function seeded() {
  return room({
    map: mapOf(['......', '......']),
    party: party(pc('Ana')),
    encounter: encounter([{ id: 'orc', statBlock: foe('Orc'), cell: { x: 5, y: 0 } }], [{ x: 0, y: 0 }]),
  });
}

const where = (docs: ReturnType<typeof seeded>, id: string) => ({
  public: rootsOf(docs.public).statBlocks.has(id),
  secrets: rootsOf(docs.secrets!).statBlocks.has(id),
});

describe('placeStatBlock: the one way stats are written (GM editor and intents)', () => {
  it("a hidden token's stats belong in the GM's doc, even when it had none before", () => {
    const docs = seeded();
    setTokenHidden(docs, 'orc', true);
    transactBoth(docs, GM_ORIGIN, () => rootsOf(docs.secrets!).statBlocks.delete('orc'));
    expect(statsBelongInSecrets(docs, 'orc')).toBe(true);
    transactBoth(docs, GM_ORIGIN, () =>
      placeStatBlock(docs, 'orc', foe('Orc', { health: 12 }), statsBelongInSecrets(docs, 'orc')),
    );
    expect(where(docs, 'orc')).toEqual({ public: false, secrets: true });
  });

  it('a shown token keeps its stats where they are, and only there', () => {
    const docs = seeded();
    const before = where(docs, 'orc');
    expect(before.public !== before.secrets).toBe(true);
    expect(statsBelongInSecrets(docs, 'orc')).toBe(before.secrets);
    transactBoth(docs, GM_ORIGIN, () =>
      placeStatBlock(docs, 'orc', foe('Orc', { health: 12 }), statsBelongInSecrets(docs, 'orc')),
    );
    expect(where(docs, 'orc')).toEqual(before);
  });

  it('moving stats to the other doc leaves no copy behind, and the health follows the new block', () => {
    const docs = seeded();
    for (const secret of [true, false, true]) {
      transactBoth(docs, GM_ORIGIN, () => placeStatBlock(docs, 'orc', foe('Orc', { health: 12 }), secret));
      expect(where(docs, 'orc')).toEqual({ public: !secret, secrets: secret });
    }
  });
});
