import { describe, expect, it } from 'vitest';
import { readSnapshot } from '../../src/table/snapshot';
import { pendingOffers } from '../../src/table/pendingOffers';
import { rootsOf } from '../../src/table/docLayout';
import { act, encounter, foe, GM, move, OPEN_MAP, PARRY, party, pc, player, room } from './fixtures';

const ANA = player('ana');

/** Interrupt 1: vigor for Ana when a foe steps next to her. */
const WARD = {
  name: 'Ward',
  cost: 'free',
  tags: { interrupt: 1 },
  trigger: { kind: 'moves-adjacent', who: 'foe' },
  effect: { vigor: 1 },
};
const BITE = {
  name: 'Bite',
  cost: '1-action',
  tags: { attack: true },
  range: 1,
  attack: { kind: 'melee', onHit: { damage: { tier: 'light' } } },
};
/** The drake's own interrupt: a secret of the GM's. */
const TAIL_LASH = {
  name: 'Tail Lash',
  cost: 'free',
  tags: { interrupt: 1 },
  trigger: { kind: 'moves-adjacent', who: 'foe' },
  range: 1,
  effect: { damage: { tier: 'fray' } },
};

// 01234567
// ........  y0
// A..D....  y1   Ana (0,1), Ruin Drake (3,1)
function seeded() {
  const docs = room({
    map: OPEN_MAP,
    party: party(pc('Ana', { abilities: [PARRY, WARD] } as never)),
    encounter: encounter(
      [
        {
          id: 'drake',
          statBlock: foe('Ruin Drake', { abilities: [BITE, TAIL_LASH] } as never),
          cell: { x: 3, y: 1 },
        },
      ],
      [{ x: 0, y: 1 }],
    ),
    revealFoes: true,
  });
  act(docs, GM, { kind: 'start-combat' });
  return docs;
}

/** Round 1: the party goes first; Ana's turn passes, the drake's begins. */
function drakesTurn() {
  const docs = seeded();
  act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
  act(docs, ANA, { kind: 'end-turn', tokenId: 'ana' });
  act(docs, GM, { kind: 'start-turn', tokenId: 'drake' });
  return docs;
}

/** What Ana's player reads: only the public doc. */
const playersOffers = (docs: ReturnType<typeof seeded>) => {
  const view = readSnapshot(docs.public);
  return pendingOffers(view, 'ana').map((o) => `${o.ability} (${o.trigger} by ${o.byId})`);
};

describe('interrupts offered when their trigger happens', () => {
  it('the drake moving next to Ana offers her Ward (the player sees it); a dash offers nothing', () => {
    const docs = drakesTurn();
    expect(act(docs, GM, move('drake', '2,1 1,1')).ok).toBe(true);
    expect(playersOffers(docs)).toEqual(['Ward (moves-adjacent by drake)']);
    expect(readSnapshot(docs.public).offers.ana).toEqual([
      {
        ability: 'Ward',
        trigger: 'moves-adjacent',
        subjectId: 'drake',
        byId: 'drake',
        round: 1,
        turnSerial: 2,
      },
    ]);

    const dashed = drakesTurn();
    expect(act(dashed, GM, move('drake', '2,1 1,1', 'dash')).ok).toBe(true);
    expect(playersOffers(dashed)).toEqual([]);
  });

  it('an attack on Ana offers Parry; using it takes the offer; without one it is refused', () => {
    const docs = drakesTurn();
    const parry = { kind: 'effect', userId: 'ana', abilityId: 'parry' };
    const refusal = {
      ok: false,
      reason: 'Parry can only be used when its trigger happens: when you are attacked',
    };
    expect(act(docs, ANA, parry)).toEqual(refusal);
    act(docs, GM, move('drake', '2,1 1,1'));
    // d20 2 + 2 = 4 against Defense 8: a miss (no miss effect, no damage die).
    expect(
      act(docs, GM, { kind: 'attack', attackerId: 'drake', targetId: 'ana', abilityId: 'bite' }, [2]),
    ).toMatchObject({
      ok: true,
      outcome: { result: 'miss' },
    });
    expect(playersOffers(docs)).toEqual(['Ward (moves-adjacent by drake)', 'Parry (targeted by drake)']);
    expect(act(docs, ANA, parry)).toMatchObject({ ok: true, outcome: { interrupt: true } });
    expect(readSnapshot(docs.public).tokensById.ana!.state!.vigor).toBe(10);
    expect(playersOffers(docs)).toEqual(['Ward (moves-adjacent by drake)']);
    expect(act(docs, ANA, parry)).toEqual(refusal);
  });

  it('offers lapse when the turn they came from ends', () => {
    const docs = drakesTurn();
    act(docs, GM, move('drake', '2,1 1,1'));
    expect(playersOffers(docs)).toEqual(['Ward (moves-adjacent by drake)']);
    act(docs, GM, { kind: 'end-turn', tokenId: 'drake' });
    expect(playersOffers(docs)).toEqual([]);
    expect(rootsOf(docs.public).offers.has('ana')).toBe(false);
    expect(act(docs, ANA, { kind: 'effect', userId: 'ana', abilityId: 'ward' })).toEqual({
      ok: false,
      reason: 'Ward can only be used when its trigger happens: when a foe moves next to you',
    });
  });

  it('Ana declines Ward; only the GM confirms a trigger', () => {
    const docs = drakesTurn();
    act(docs, GM, move('drake', '2,1 1,1'));
    const decline = { kind: 'interrupt-offer', tokenId: 'ana', abilityId: 'ward', action: 'decline' };
    expect(act(docs, ANA, decline)).toMatchObject({
      ok: true,
      outcome: { action: 'decline', ability: 'Ward' },
    });
    expect(playersOffers(docs)).toEqual([]);
    expect(act(docs, ANA, decline)).toEqual({ ok: false, reason: 'Ana has no pending offer of Ward' });
    expect(act(docs, ANA, { ...decline, action: 'offer' })).toEqual({
      ok: false,
      reason: 'only the GM may offer an interrupt: ask the GM to confirm that its trigger happened',
    });
    // The GM confirms it (the table missed a trigger, or a free-text one happened).
    expect(act(docs, GM, { ...decline, action: 'offer' }).ok).toBe(true);
    expect(playersOffers(docs)).toEqual(['Ward (text by null)']);
    expect(act(docs, ANA, { kind: 'effect', userId: 'ana', abilityId: 'ward' }).ok).toBe(true);
  });

  it("a foe's offer is kept in the secrets doc only, and the public log line's diff leaves it out", () => {
    const docs = seeded();
    act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
    expect(act(docs, ANA, move('ana', '1,1 2,1')).ok).toBe(true);
    expect(readSnapshot(docs.public, docs.secrets).offers.drake).toEqual([
      {
        ability: 'Tail Lash',
        trigger: 'moves-adjacent',
        subjectId: 'ana',
        byId: 'ana',
        round: 1,
        turnSerial: 1,
      },
    ]);
    expect(rootsOf(docs.public).offers.has('drake')).toBe(false);
    expect(readSnapshot(docs.public).offers).toEqual({});
    const publicLine = readSnapshot(docs.public).log.at(-1)!;
    expect(publicLine.summary).toBe('Ana moves to (2,1), cost 2');
    expect(publicLine.diff?.offers).toBeUndefined();
    // The GM's full copy of the line keeps the offer (undo takes it back too).
    const gmLine = readSnapshot(docs.public, docs.secrets).log.at(-1)!;
    expect(gmLine.diff?.offers?.map((o) => [o.tokenId, o.gmOnly, o.after.map((a) => a.ability)])).toEqual([
      ['drake', true, ['Tail Lash']],
    ]);
    // The GM uses it off-turn (as ever), which takes the offer.
    expect(
      act(docs, GM, { kind: 'effect', userId: 'drake', abilityId: 'tail-lash', targetId: 'ana' }).ok,
    ).toBe(true);
    expect(readSnapshot(docs.public, docs.secrets).offers).toEqual({});
  });

  it('a character moved by force (a pull to Ana) offers nothing: it did not move itself', () => {
    const docs = drakesTurn();
    // The drake is pulled 2 squares toward Ana, ending next to her at (1,1).
    expect(
      act(docs, GM, { kind: 'force-move', tokenId: 'drake', move: 'pull', squares: 2, sourceId: 'ana' }),
    ).toMatchObject({ ok: true });
    expect(readSnapshot(docs.public).tokensById['drake']?.cell).toEqual({ x: 1, y: 1 });
    expect(playersOffers(docs)).toEqual([]);
  });
});
