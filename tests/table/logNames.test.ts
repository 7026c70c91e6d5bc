import { describe, expect, it } from 'vitest';
import { readSnapshot, readTableState } from '../../src/table/snapshot';
import { removeToken } from '../../src/table/writers/tokenWriters';
import { entryNames } from '../../src/ui/combat/entryNames';
import { act, encounter, foe, GM, mapOf, party, pc, player, room } from './fixtures';

const ANA = player('ana');

/** Ana next to a revealed Ember Golem; a Spy still hidden across the field. */
function seeded() {
  const docs = room({
    map: mapOf(['........', '........', '........']),
    party: party(pc('Ana')),
    encounter: encounter(
      [
        { id: 'ember-golem', statBlock: foe('Ember Golem'), cell: { x: 1, y: 1 } },
        { id: 'spy', statBlock: foe('Spy'), cell: { x: 7, y: 2 } },
      ],
      [{ x: 0, y: 1 }],
    ),
  });
  act(docs, GM, { kind: 'reveal', tokenId: 'ember-golem' });
  return docs;
}

describe('names stay names (issue 32)', () => {
  it('an entry keeps the names it was written with: a removed foe still reads by name, never its id', () => {
    const docs = seeded();
    act(docs, GM, { kind: 'start-combat' });
    act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
    const hit = act(
      docs,
      ANA,
      { kind: 'attack', attackerId: 'ana', targetId: 'ember-golem', abilityId: 'basic-melee' },
      [15, 4, 4, 4, 4, 4],
    );
    expect(hit.ok).toBe(true);
    const entry = readSnapshot(docs.public).log.at(-1)!;
    expect(entry.names).toEqual({ ana: 'Ana', 'ember-golem': 'Ember Golem' });
    removeToken(docs, 'ember-golem');
    const now = readSnapshot(docs.public);
    expect(now.tokensById['ember-golem']).toBeUndefined();
    const names = entryNames(
      now,
      now.log.find((e) => e.id === entry.id)!,
    );
    expect([names('ana'), names('ember-golem'), names('gm')]).toEqual(['Ana', 'Ember Golem', 'GM']);
  });

  it('a hidden character’s name is in the GM’s copy of a line only', () => {
    const docs = seeded();
    act(docs, GM, { kind: 'start-combat' });
    act(docs, GM, { kind: 'reveal', tokenId: 'spy' });
    act(docs, GM, { kind: 'hide', tokenId: 'spy' });
    act(docs, GM, { kind: 'adjust-hp', tokenId: 'spy', amount: 2, reason: 'trap' });
    const everything = JSON.stringify(docs.public.toJSON().log);
    const gm = readTableState(docs.public, docs.secrets);
    expect(gm.tokensById['spy']?.hidden).toBe(true);
    const named = readSnapshot(docs.public)
      .log.filter((e) => e.names && Object.hasOwn(e.names, 'spy'))
      .map((e) => e.summary);
    expect(named).toEqual(['Spy appears']);
    // The reveal's own line named it while it was on the table: that one is the players' to keep.
    expect(everything.match(/"spy":"Spy"/g)?.length ?? 0).toBeLessThanOrEqual(1);
  });
});
