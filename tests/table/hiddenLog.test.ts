import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { fixedDice } from '../../src/lib/dice';
import { applyIntent } from '../../src/table/applyIntent';
import { readSnapshot } from '../../src/table/snapshot';
import { setTokenHidden } from '../../src/table/writers/tokenWriters';
import { act, encounter, foe, GM, OPEN_MAP, party, pc, player, room } from './fixtures';

const ANA = player('ana');

/** The husk's ability: a name players must not learn from the log. */
const GRAVE_CLAW = {
  name: 'Grave Claw',
  cost: '1-action',
  tags: { attack: true },
  range: 1,
  attack: { kind: 'melee', onHit: { damage: { tier: 'light' } } },
};

/**
 * Ana (0,1) next to the Hollow Husk (1,1), revealed with its stat block kept hidden (Defense 19,
 * attack bonus 7, armor 3); a second foe, the Shade (6,3), still hidden; Bo hidden at (7,0).
 */
function seeded() {
  const docs = room({
    map: OPEN_MAP,
    party: party(pc('Ana'), pc('Bo')),
    encounter: encounter(
      [
        {
          id: 'husk',
          statBlock: foe('Hollow Husk', {
            defense: 19,
            attackBonus: 7,
            armor: 3,
            abilities: [GRAVE_CLAW],
          } as never),
          cell: { x: 1, y: 1 },
        },
        { id: 'shade', statBlock: foe('Shade', { abilities: [GRAVE_CLAW] } as never), cell: { x: 6, y: 3 } },
      ],
      [
        { x: 0, y: 1 },
        { x: 7, y: 0 },
      ],
    ),
  });
  setTokenHidden(docs, 'husk', false, { keepStatsHidden: true });
  return docs;
}

/** Everything a player's client can ever read: the public doc, as bytes. */
const publicBytes = (docs: { public: Y.Doc }) =>
  Buffer.from(Y.encodeStateAsUpdate(docs.public)).toString('latin1');
/** The husk's stat-block facts as the log would state them (PCs' own stat blocks are public). */
const STAT_FACTS = ['Defense', 'Grave Claw', 'grave-claw', '7 bonus', 'armor 3', '"defense"', 'attackBonus'];
/** The public doc's log as players' clients read it. */
const publicLog = (docs: { public: Y.Doc }) => JSON.stringify(readSnapshot(docs.public).log);

describe('a revealed foe whose stat block stays hidden', () => {
  it('Ana attacks it: players read "Ana attacks Hollow Husk: miss", the GM reads the whole roll once', () => {
    const docs = seeded();
    const answer = applyIntent(
      docs,
      ANA,
      { kind: 'attack', attackerId: 'ana', targetId: 'husk', abilityId: 'basic-melee' },
      fixedDice([15, 4, 5]),
      { now: 5 },
    );
    expect(answer.ok).toBe(true);
    // The player's HTTP answer: the verdict, no Defense, no roll total.
    expect(answer).toEqual({ ok: true, outcome: { kind: 'attack', result: 'miss', redacted: true } });

    const seen = readSnapshot(docs.public).log.at(-1)!;
    expect(seen.summary).toBe('Ana attacks Hollow Husk: miss');
    expect(seen.details).toEqual([]);
    expect(seen.dice).toEqual([]);
    for (const fact of STAT_FACTS) expect(publicLog(docs)).not.toContain(fact);

    const gmLog = readSnapshot(docs.public, docs.secrets).log.filter((e) => e.id === seen.id);
    expect(gmLog).toHaveLength(1);
    expect(gmLog[0]!.summary).toBe('Ana uses Basic melee attack on Hollow Husk: miss');
    expect(gmLog[0]!.details.join('\n')).toContain('vs Defense 19');
  });

  it('it attacks Ana: players read the hit and the damage Ana takes, never the ability or its bonus', () => {
    const docs = seeded();
    const hpBefore = readSnapshot(docs.public).tokensById['ana']!.state!.hp;
    act(docs, GM, { kind: 'attack', attackerId: 'husk', targetId: 'ana', abilityId: 'grave-claw' }, [12, 6]);
    const seen = readSnapshot(docs.public).log.at(-1)!;
    const ana = readSnapshot(docs.public).tokensById['ana']!.state!;
    expect(ana.hp).toBeLessThan(hpBefore);
    expect(seen.summary).toBe(`Hollow Husk attacks Ana: hit, Ana takes ${hpBefore - ana.hp} damage`);
    expect(seen.details).toEqual([`  Ana: HP ${hpBefore} → ${ana.hp}`]);
    for (const fact of STAT_FACTS) expect(publicLog(docs)).not.toContain(fact);
    const full = readSnapshot(docs.public, docs.secrets).log.find((e) => e.id === seen.id)!;
    expect(full.summary).toBe('Hollow Husk uses Grave Claw on Ana: hit');
    expect(full.details.join('\n')).toContain('+ 7 bonus');
  });

  it('on-confirm results: the pending twin carries no pre-armor damage; applying updates both', () => {
    const docs = seeded();
    docs.public.getMap('settings').set('room', {
      ...(docs.public.getMap('settings').get('room') as object),
      applyResults: 'on-confirm',
    });
    act(
      docs,
      ANA,
      { kind: 'attack', attackerId: 'ana', targetId: 'husk', abilityId: 'basic-melee' },
      [15, 6, 6, 6],
    );
    const twin = readSnapshot(docs.public).log.at(-1)!;
    expect(twin.summary).toBe('Ana attacks Hollow Husk: miss');
    expect(twin.pending).toMatchObject({ status: 'pending', damage: null });
    expect(act(docs, ANA, { kind: 'apply-result', logId: twin.id }).ok).toBe(true);
    const after = readSnapshot(docs.public).log;
    expect(after.find((e) => e.id === twin.id)!.pending!.status).toBe('applied');
    expect(after.at(-1)!.summary).toBe('Player applies: Ana attacks Hollow Husk: miss');
    for (const fact of STAT_FACTS) expect(publicLog(docs)).not.toContain(fact);
    const gm = readSnapshot(docs.public, docs.secrets).log;
    expect(gm.filter((e) => e.id === twin.id)).toHaveLength(1);
    expect(gm.find((e) => e.id === twin.id)!.pending!.status).toBe('applied');
  });
});

describe('actions between hidden characters', () => {
  it('a hidden foe attacking a hidden PC, and a hidden ally rescuing another, are logged GM-only', () => {
    const docs = room({
      map: OPEN_MAP,
      party: party(pc('Ana'), pc('Bo')),
      encounter: encounter(
        [
          {
            id: 'shade',
            statBlock: foe('Shade', { abilities: [GRAVE_CLAW] } as never),
            cell: { x: 1, y: 2 },
          },
        ],
        [
          { x: 0, y: 1 },
          { x: 0, y: 2 },
        ],
      ),
    });
    setTokenHidden(docs, 'ana', true);
    setTokenHidden(docs, 'bo', true);
    const before = publicBytes(docs);
    expect(
      act(docs, GM, { kind: 'attack', attackerId: 'shade', targetId: 'bo', abilityId: 'grave-claw' }, [12, 6])
        .ok,
    ).toBe(true);
    expect(act(docs, GM, { kind: 'adjust-hp', tokenId: 'bo', amount: 999, reason: 'falls' }).ok).toBe(true);
    expect(
      act(docs, GM, { kind: 'basic-action', action: 'rescue', tokenId: 'ana', targetId: 'bo' }),
    ).toMatchObject({
      ok: true,
      outcome: { kind: 'rescue', tokenId: 'ana', targetId: 'bo' },
    });
    expect(readSnapshot(docs.public, docs.secrets).log.at(-1)!.summary).toMatch(
      /^Ana rescues Bo: back up with \d+ HP$/,
    );
    expect(readSnapshot(docs.public).log).toEqual([]);
    expect(publicBytes(docs)).toBe(before);
  });
});

describe('the GM reveals a foe by intent, keeping its stat block hidden', () => {
  it('the Shade appears for players; its Defense and abilities never reach the public doc', () => {
    const docs = seeded();
    expect(act(docs, GM, { kind: 'reveal', tokenId: 'shade', keepStatsHidden: true })).toMatchObject({
      ok: true,
    });
    const players = readSnapshot(docs.public);
    expect(players.tokensById['shade']?.name).toBe('Shade');
    expect(players.tokensById['shade']?.statBlock ?? null).toBeNull();
    expect(publicBytes(docs)).not.toContain('grave-claw');
    expect(publicBytes(docs)).not.toContain('Grave Claw');
    // The GM still reads the whole stat block.
    expect(readSnapshot(docs.public, docs.secrets).tokensById['shade']?.statBlock?.name).toBe('Shade');
  });

  it('a plain reveal publishes the stat block, as before', () => {
    const docs = seeded();
    act(docs, GM, { kind: 'reveal', tokenId: 'shade' });
    expect(readSnapshot(docs.public).tokensById['shade']?.statBlock?.name).toBe('Shade');
    expect(publicBytes(docs)).toContain('Grave Claw');
  });
});

describe("the GM's damage box on a foe whose stats are hidden", () => {
  it('players read "GM: Hollow Husk is hurt"; the armor step and the amount stay with the GM', () => {
    const docs = seeded();
    act(docs, GM, { kind: 'adjust-hp', tokenId: 'husk', amount: 10, damageType: 'physical' });
    const seen = readSnapshot(docs.public).log.at(-1)!;
    expect(seen.summary).toBe('GM: Hollow Husk is hurt (GM adjustment)');
    expect(seen.details).toEqual([]);
    expect(publicLog(docs)).not.toContain('armor');
    const full = readSnapshot(docs.public, docs.secrets).log.filter((e) => e.id === seen.id);
    expect(full.some((e) => e.summary.startsWith('GM: Hollow Husk takes 10 physical damage'))).toBe(true);
  });
});
