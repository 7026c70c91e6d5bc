import { describe, expect, it } from 'vitest';
import { fixedDice } from '../../src/lib/dice';
import { applyIntent } from '../../src/table/applyIntent';
import { readSnapshot } from '../../src/table/snapshot';
import { act, encounter, FLAME_BURST, foe, GM, move, OPEN_MAP, party, pc, player, room } from './fixtures';

const ANA = player('ana');
const BO = player('bo');

const RIPOSTE = {
  name: 'Riposte',
  cost: 'free',
  tags: { attack: true, interrupt: 1 },
  trigger: 'an adjacent foe attacks you',
  range: 1,
  attack: { kind: 'melee', onHit: { damage: { tier: 'light' } } },
};

/** Ana (0,1) next to Orc (1,1); Bo (0,2); Grunt (6,1); a hidden Ambusher (7,3). */
function seeded(startCombat = true) {
  const ana = pc('Ana', { abilities: [FLAME_BURST] } as never);
  const docs = room({
    map: OPEN_MAP,
    party: party(ana, pc('Bo', { abilities: [RIPOSTE] } as never)),
    encounter: encounter(
      [
        { id: 'orc', statBlock: foe('Orc'), cell: { x: 1, y: 1 } },
        { id: 'grunt', statBlock: foe('Grunt'), cell: { x: 6, y: 1 } },
      ],
      [
        { x: 0, y: 1 },
        { x: 0, y: 2 },
      ],
    ),
    revealFoes: true,
  });
  if (startCombat) act(docs, GM, { kind: 'start-combat' });
  return docs;
}
function seededWithAmbusher() {
  const docs = seeded();
  const hidden = room({
    map: OPEN_MAP,
    encounter: encounter(
      [{ id: 'ambusher', statBlock: foe('Ambusher'), cell: { x: 7, y: 3 } }],
      [{ x: 0, y: 0 }],
    ),
  });
  // Copy the hidden foe into this room's secrets doc the way seeding put it there.
  for (const name of ['tokens', 'statBlocks', 'combatants']) {
    docs.secrets.getMap(name).set('ambusher', hidden.secrets.getMap(name).get('ambusher'));
  }
  return docs;
}

const hp = (docs: ReturnType<typeof seeded>, id: string) =>
  readSnapshot(docs.public, docs.secrets).tokensById[id]!.state!.hp;

describe('turns', () => {
  it('combat is the GM’s to start; a PC goes first; the side that is up picks who acts', () => {
    const docs = seeded();
    expect(act(docs, ANA, { kind: 'start-combat' })).toEqual({
      ok: false,
      reason: 'only the GM may start combat',
    });
    expect(act(docs, GM, { kind: 'start-turn', tokenId: 'orc' })).toEqual({
      ok: false,
      reason: "it is the party side's turn",
    });
    expect(act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' }).ok).toBe(true);
    expect(act(docs, BO, { kind: 'start-turn', tokenId: 'bo' })).toEqual({
      ok: false,
      reason: 'another turn is still in progress',
    });
    expect(readSnapshot(docs.public).turn).toMatchObject({ round: 1, currentId: 'ana', turnSerial: 1 });
  });

  it('end of turn: one save per status (10+ ends it), then the foes are up; a new round starts when all acted', () => {
    const docs = seeded();
    act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
    expect(act(docs, GM, { kind: 'add-status', tokenId: 'ana', statusId: 'weakened' }).ok).toBe(true);
    expect(act(docs, GM, { kind: 'add-status', tokenId: 'ana', statusId: 'dazed' }).ok).toBe(true);
    expect(act(docs, BO, { kind: 'end-turn', tokenId: 'ana' })).toEqual({
      ok: false,
      reason: 'Ana is not your character',
    });
    const ended = act(docs, ANA, { kind: 'end-turn', tokenId: 'ana' }, [12, 9]);
    expect(ended).toMatchObject({
      ok: true,
      outcome: {
        saves: [
          { statusId: 'weakened', ended: true },
          { statusId: 'dazed', ended: false },
        ],
      },
    });
    let snap = readSnapshot(docs.public);
    expect(snap.tokensById['ana']!.state!.statuses.map((s) => s.id)).toEqual(['dazed']);
    expect(snap.turn).toMatchObject({ currentId: null, acted: ['ana'], lastSide: 'party' });
    expect(snap.log.at(-1)!.details).toEqual(['save vs weakened: 12 — ends', 'save vs dazed: 9 — stays']);
    expect(snap.log.at(-1)!.dice).toEqual([
      [20, 12],
      [20, 9],
    ]);
    // Foes, Bo, the other foe: then round 2 begins with the side that did not go last.
    for (const [actor, id] of [
      [GM, 'orc'],
      [BO, 'bo'],
      [GM, 'grunt'],
    ] as const) {
      expect(act(docs, actor, { kind: 'start-turn', tokenId: id }).ok).toBe(true);
      expect(act(docs, actor, { kind: 'end-turn', tokenId: id }, [1]).ok).toBe(true);
    }
    snap = readSnapshot(docs.public);
    expect(snap.turn).toMatchObject({ round: 2, roundStartSide: 'party', acted: [], currentId: null });
    expect(snap.log.at(-1)!.summary).toBe('Round 2 begins: party side first');
  });

  it('a declared slow turn waits until the normal turns are done', () => {
    const docs = seeded();
    expect(act(docs, ANA, { kind: 'start-turn', tokenId: 'ana', slow: true })).toMatchObject({
      ok: true,
      outcome: { kind: 'declare-slow' },
    });
    expect(readSnapshot(docs.public).tokensById['ana']!.state!.slowTurn).toBe(true);
    expect(act(docs, BO, { kind: 'start-turn', tokenId: 'bo' }).ok).toBe(true);
  });
});

describe('attacks', () => {
  it('a basic melee attack: d20 15 + 2 = 17 vs Defense 9 hits for heavy 4+5 + fray 3 = 12', () => {
    const docs = seeded();
    act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
    const result = applyIntent(
      docs,
      ANA,
      { kind: 'attack', attackerId: 'ana', targetId: 'orc', abilityId: 'basic-melee' },
      fixedDice([15, 4, 5]),
      { now: 5 },
    );
    expect(result).toMatchObject({ ok: true, outcome: { result: 'hit', roll: { total: 17, defense: 9 } } });
    expect(JSON.stringify(result)).not.toContain('statBlock');
    expect(hp(docs, 'orc')).toBe(20);
    const entry = readSnapshot(docs.public).log.at(-1)!;
    expect(entry.summary).toBe('Ana uses Basic melee attack on Orc: hit');
    expect(entry.dice).toEqual([
      [20, 15],
      [6, 4],
      [6, 5],
    ]);
    expect(entry.details).toContain('  damage heavy: dice [4, 5] + 3 fray = 12 physical');
    expect(
      act(docs, ANA, { kind: 'attack', attackerId: 'ana', targetId: 'orc', abilityId: 'basic-melee' }),
    ).toEqual({
      ok: false,
      reason: 'already attacked this round',
    });
  });

  it('a ranged attack next to a foe takes a curse: 12 + 2 − 5 = 9 still hits Defense 9; heavy 1+2+3 = 6', () => {
    const docs = seeded(false);
    // The grunt at (6,1) is 6 squares away; one step closer brings it into range 5.
    expect(act(docs, GM, move('grunt', '5,1')).ok).toBe(true);
    act(docs, GM, { kind: 'start-combat' });
    act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
    const result = act(
      docs,
      ANA,
      { kind: 'attack', attackerId: 'ana', targetId: 'grunt', abilityId: 'basic-ranged' },
      [12, 5, 1, 2],
    );
    expect(result).toMatchObject({
      ok: true,
      outcome: {
        roll: { total: 9 },
        result: 'hit',
        modifiers: [{ kind: 'curse', source: 'ranged-adjacent-foe' }],
      },
    });
    expect(hp(docs, 'grunt')).toBe(26);
  });

  it('refusals: out of turn, out of range, hidden targets, player-added boons, foes’ basic attacks', () => {
    const docs = seededWithAmbusher();
    const atk = (attackerId: string, targetId: string, abilityId = 'basic-melee', extra = {}) => ({
      kind: 'attack',
      attackerId,
      targetId,
      abilityId,
      ...extra,
    });
    expect(act(docs, ANA, atk('ana', 'orc'))).toEqual({
      ok: false,
      reason: 'not your turn: nobody has started a turn yet',
    });
    act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
    expect(act(docs, ANA, atk('ana', 'grunt'))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/range/),
    });
    expect(act(docs, ANA, atk('ana', 'ambusher', 'basic-ranged'))).toEqual({
      ok: false,
      reason: 'that character is not on the table',
    });
    const boon = { kind: 'boon', count: 1, source: 'gm', reason: 'flanking' };
    expect(act(docs, ANA, atk('ana', 'orc', 'basic-melee', { modifiers: [boon] }))).toEqual({
      ok: false,
      reason: 'only the GM may add boons or curses',
    });
    expect(act(docs, GM, atk('orc', 'ana'))).toEqual({
      ok: false,
      reason: 'foes cannot make basic attacks',
    });
    expect(act(docs, ANA, atk('ana', 'orc', 'fireball'))).toEqual({
      ok: false,
      reason: 'Ana has no ability called “fireball”',
    });
    expect(hp(docs, 'orc')).toBe(32);
  });

  it('an area attack rolls once against the attack space; the area effect hits the others', () => {
    const docs = seeded(false);
    // Orc to (3,0), grunt to (2,1): a Blast 1 centred on the orc covers both.
    expect(act(docs, GM, move('orc', '1,0 2,0 3,0')).ok).toBe(true);
    expect(act(docs, GM, move('grunt', '5,1 4,1 3,1 2,1')).ok).toBe(true);
    act(docs, GM, { kind: 'start-combat' });
    act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
    const result = act(
      docs,
      ANA,
      {
        kind: 'area',
        casterId: 'ana',
        abilityId: 'flame-burst',
        placement: { primary: { kind: 'blast', center: { x: 3, y: 0 } } },
      },
      [15, 3],
    );
    // d20 15 + 2 = 17 vs Defense 9 hits: light 3 + fray 3 = 6 to the orc in the attack space.
    expect(result).toMatchObject({ ok: true, outcome: { attack: { result: 'hit' }, pattern: 'Blast 1' } });
    expect(hp(docs, 'orc')).toBe(26);
    // Fray (3) to the grunt as the area effect, no roll.
    expect(hp(docs, 'grunt')).toBe(29);
    expect(readSnapshot(docs.public).tokensById['ana']!.state!.turn.actionsUsed).toBe(2);
  });
});

describe('interrupts', () => {
  it('an interrupt is used off-turn only when offered, once per turn: the GM confirms Riposte’s free-text trigger, Bo ripostes for light 3 + fray 3', () => {
    const docs = seeded(false);
    // Bo to (1,2), next to the orc at (1,1).
    expect(act(docs, GM, move('bo', '1,2')).ok).toBe(true);
    act(docs, GM, { kind: 'start-combat' });
    act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
    const riposte = { kind: 'attack', attackerId: 'bo', targetId: 'orc', abilityId: 'riposte' };
    const notOffered = {
      ok: false,
      reason:
        'Riposte can only be used when its trigger happens: "an adjacent foe attacks you" (ask the GM to confirm it happened)',
    };
    expect(act(docs, BO, riposte)).toEqual(notOffered);
    const confirm = { kind: 'interrupt-offer', tokenId: 'bo', abilityId: 'riposte', action: 'offer' };
    expect(act(docs, GM, confirm).ok).toBe(true);
    expect(act(docs, BO, riposte, [15, 3])).toMatchObject({
      ok: true,
      outcome: { result: 'hit' },
    });
    expect(hp(docs, 'orc')).toBe(26);
    // The offer was used up; offered again, the once-per-turn rule still holds.
    expect(act(docs, BO, riposte)).toEqual(notOffered);
    expect(act(docs, GM, confirm).ok).toBe(true);
    expect(act(docs, BO, riposte)).toEqual({
      ok: false,
      reason: 'already used Riposte during this turn',
    });
    // A non-interrupt attack off-turn is still refused.
    expect(act(docs, BO, { ...riposte, abilityId: 'basic-melee' })).toEqual({
      ok: false,
      reason: "not your turn: it is Ana's turn",
    });
  });
});

describe('elixirs and surrender', () => {
  it('an elixir heals half of max HP out of combat only; surrender defeats without a wound', () => {
    const docs = seeded(false);
    act(docs, GM, { kind: 'adjust-hp', tokenId: 'ana', amount: 30 });
    expect(act(docs, ANA, { kind: 'drink-elixir', tokenId: 'ana' })).toMatchObject({
      ok: true,
      outcome: { healed: 20, hp: 30 },
    });
    expect(readSnapshot(docs.public).tokensById['ana']!.state!.elixirs).toBe(1);
    act(docs, GM, { kind: 'start-combat' });
    expect(act(docs, ANA, { kind: 'drink-elixir', tokenId: 'ana' })).toEqual({
      ok: false,
      reason: 'elixirs can only be drunk out of combat',
    });
    expect(act(docs, ANA, { kind: 'surrender', tokenId: 'ana' }).ok).toBe(true);
    expect(readSnapshot(docs.public).tokensById['ana']!.state).toMatchObject({
      surrendered: true,
      defeated: true,
      wounds: 0,
    });
  });
});

describe('basic actions', () => {
  it('whack deals 1 physical damage within 3 squares; foes cannot whack', () => {
    const docs = seeded();
    act(docs, GM, move('grunt', '5,1 4,1 3,1'));
    act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
    expect(
      act(docs, ANA, { kind: 'basic-action', tokenId: 'ana', action: 'whack', targetId: 'grunt' }).ok,
    ).toBe(true);
    expect(hp(docs, 'grunt')).toBe(31);
    expect(
      act(docs, ANA, { kind: 'basic-action', tokenId: 'ana', action: 'whack', targetId: 'grunt' }),
    ).toEqual({
      ok: false,
      reason: 'already used whack this turn',
    });
    expect(act(docs, GM, { kind: 'basic-action', tokenId: 'orc', action: 'whack', targetId: 'ana' })).toEqual(
      {
        ok: false,
        reason: 'foes cannot use whack',
      },
    );
  });

  it('rescue: an adjacent defeated ally stands up at full HP minus a wound', () => {
    const docs = seeded();
    expect(act(docs, GM, { kind: 'adjust-hp', tokenId: 'bo', amount: 45 })).toMatchObject({
      ok: true,
      outcome: { hpBefore: 40, hpAfter: 0 },
    });
    const bo = readSnapshot(docs.public).tokensById['bo']!.state!;
    expect([bo.defeated, bo.incapacitated, bo.wounds]).toEqual([true, true, 1]);
    act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
    expect(
      act(docs, ANA, { kind: 'basic-action', tokenId: 'ana', action: 'rescue', targetId: 'orc' }),
    ).toEqual({
      ok: false,
      reason: 'Orc is not an ally',
    });
    expect(
      act(docs, ANA, { kind: 'basic-action', tokenId: 'ana', action: 'rescue', targetId: 'bo' }),
    ).toMatchObject({
      ok: true,
      outcome: { hp: 30 },
    });
    expect(readSnapshot(docs.public).tokensById['bo']!.state).toMatchObject({
      hp: 30,
      defeated: false,
      incapacitated: false,
    });
  });
});

describe('GM intents, saves, chat', () => {
  it('GM-only kinds are refused to players; unknown statuses are refused by the catalog', () => {
    const docs = seeded();
    for (const intent of [
      { kind: 'adjust-hp', tokenId: 'orc', amount: 5 },
      { kind: 'add-blight', tokenId: 'orc', blightId: 'burning' },
      { kind: 'reveal', tokenId: 'orc' },
      { kind: 'end-combat' },
    ]) {
      expect(act(docs, ANA, intent)).toEqual({
        ok: false,
        reason: expect.stringMatching(
          /^only the GM may (change HP directly|add a blight|reveal a character|end combat)$/,
        ),
      });
    }
    // Statuses: the owner may (issue 6), but only on their own characters.
    expect(act(docs, ANA, { kind: 'add-status', tokenId: 'orc', statusId: 'slow' })).toEqual({
      ok: false,
      reason: 'Orc is not your character',
    });
    expect(act(docs, GM, { kind: 'add-status', tokenId: 'orc', statusId: 'zzz' })).toEqual({
      ok: false,
      reason: 'unknown status "zzz" (not in this room\'s catalog)',
    });
    expect(act(docs, GM, { kind: 'adjust-hp', tokenId: 'orc', amount: -5 })).toMatchObject({
      outcome: { hpAfter: 32 },
    });
  });

  it('reveal puts a hidden foe in front of the players and says so in the public log', () => {
    const docs = seededWithAmbusher();
    expect(readSnapshot(docs.public).tokensById['ambusher']).toBeUndefined();
    expect(act(docs, GM, { kind: 'reveal', tokenId: 'ambusher' }).ok).toBe(true);
    const player = readSnapshot(docs.public);
    expect(player.tokensById['ambusher']!.state!.hp).toBe(32);
    expect(player.log.at(-1)!.summary).toBe('Ambusher appears');
    expect(act(docs, GM, { kind: 'hide', tokenId: 'ambusher' }).ok).toBe(true);
    expect(readSnapshot(docs.public).log.at(-1)!.summary).toBe('Ambusher appears');
    expect(readSnapshot(docs.public, docs.secrets).log.at(-1)!.summary).toBe('Ambusher is hidden');
  });

  it('a save the GM calls for: 9 fails and the status stays, 10 ends it', () => {
    const docs = seeded();
    act(docs, GM, { kind: 'add-status', tokenId: 'ana', statusId: 'slow' });
    expect(act(docs, GM, { kind: 'save', tokenId: 'ana', statusId: 'slow' }, [9])).toMatchObject({
      ok: true,
      outcome: { ended: false, roll: { total: 9 } },
    });
    expect(act(docs, GM, { kind: 'save', tokenId: 'ana', statusId: 'slow' }, [10])).toMatchObject({
      outcome: { ended: true },
    });
    expect(readSnapshot(docs.public).tokensById['ana']!.state!.statuses).toEqual([]);
  });

  it('chat lines carry the name the server knows, not one the sender claims', () => {
    const docs = seeded();
    applyIntent(docs, ANA, { kind: 'chat', text: '  Hello  ', from: 'GM' }, fixedDice([]), {
      senderName: 'Ana’s player',
      now: 7,
    });
    expect(readSnapshot(docs.public).chat.at(-1)).toMatchObject({
      from: 'Ana’s player',
      text: 'Hello',
      at: 7,
    });
  });
});
