import { describe, expect, it } from 'vitest';
import { readSnapshot } from '../../src/table/snapshot';
import { rootsOf } from '../../src/table/docLayout';
import { placeToken } from '../../src/table/writers/tokenWriters';
import { encounter, foe, OPEN_MAP, party, pc, room } from './fixtures';

function ambush() {
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
    revealFoes: true,
  });
}

describe('duplicate foes are numbered where tokens are made (issue 12, dead end 9)', () => {
  it('an encounter with two Hollow Husks seeds "Hollow Husk 1" and "Hollow Husk 2", token and combatant alike', () => {
    const docs = ambush();
    const tokens = rootsOf(docs.public).tokens;
    const states = rootsOf(docs.public).combatants;
    const stored = (id: string) => [
      (tokens.get(id) as { name: string }).name,
      (states.get(id) as { name: string }).name,
    ];
    expect(stored('husk-1')).toEqual(['Hollow Husk 1', 'Hollow Husk 1']);
    expect(stored('husk-2')).toEqual(['Hollow Husk 2', 'Hollow Husk 2']);
    expect(stored('sentry-1')).toEqual(['Temple Sentry', 'Temple Sentry']);
    expect(stored('ana')).toEqual(['Ana', 'Ana']);
  });

  it('the GM placing a second "Foe" numbers both, in one step', () => {
    const docs = room({ map: OPEN_MAP });
    const token = (id: string, x: number) => ({
      id,
      name: 'Foe',
      cell: { x, y: 0 },
      size: 1,
      side: 'foes' as const,
      ownerIds: [],
      combatant: false,
    });
    placeToken(docs, token('t1', 0));
    placeToken(docs, token('t2', 1), { hidden: true });
    placeToken(docs, token('t3', 2));
    const names = readSnapshot(docs.public, docs.secrets).tokens.map((t) => `${t.id}=${t.name}`);
    expect(names.sort()).toEqual(['t1=Foe 1', 't2=Foe 2', 't3=Foe 3']);
  });

  it('a room seeded before numbering shows its duplicates numbered, combatant names included', () => {
    const docs = ambush();
    for (const id of ['husk-1', 'husk-2']) {
      const roots = rootsOf(docs.public);
      roots.tokens.set(id, { ...(roots.tokens.get(id) as object), name: 'Hollow Husk' });
      roots.combatants.set(id, { ...(roots.combatants.get(id) as object), name: 'Hollow Husk' });
    }
    const snap = readSnapshot(docs.public, docs.secrets);
    const shown = (id: string) => [snap.tokensById[id]!.name, snap.tokensById[id]!.state!.name];
    expect(shown('husk-1')).toEqual(['Hollow Husk 1', 'Hollow Husk 1']);
    expect(shown('husk-2')).toEqual(['Hollow Husk 2', 'Hollow Husk 2']);
  });

  it('a renamed token shows its new name everywhere, even where the combatant kept the old one', () => {
    const docs = ambush();
    const roots = rootsOf(docs.public);
    roots.tokens.set('sentry-1', { ...(roots.tokens.get('sentry-1') as object), name: 'Gate Warden' });
    const t = readSnapshot(docs.public, docs.secrets).tokensById['sentry-1']!;
    expect([t.name, t.state!.name]).toEqual(['Gate Warden', 'Gate Warden']);
  });
});
