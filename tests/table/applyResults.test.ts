import { describe, expect, it } from 'vitest';
import { fixedDice } from '../../src/lib/dice';
import { DEFAULT_ROOM_SETTINGS } from '../../src/schema/settings';
import { applyIntent } from '../../src/table/applyIntent';
import type { TableDocs } from '../../src/table/docLayout';
import { readSnapshot } from '../../src/table/snapshot';
import { setRoomSettings } from '../../src/table/writers/roomWriters';
import { act, encounter, FLAME_BURST, foe, GM, move, OPEN_MAP, party, pc, player, room } from './fixtures';

/** Room setting `applyResults: 'on-confirm'` (issue 6): roll now, one click applies. */
const ANA = player('ana');
const BO = player('bo');
const MELEE = { kind: 'attack', attackerId: 'ana', targetId: 'orc', abilityId: 'basic-melee' } as const;

/** Ana (0,1) next to the Orc (1,1); Bo (0,2); Grunt (6,1); combat started, Ana's turn. */
function onConfirmRoom(orcArmor = 0) {
  const docs = room({
    map: OPEN_MAP,
    party: party(pc('Ana', { abilities: [FLAME_BURST] } as never), pc('Bo')),
    encounter: encounter(
      [
        { id: 'orc', statBlock: foe('Orc', { armor: orcArmor }), cell: { x: 1, y: 1 } },
        { id: 'grunt', statBlock: foe('Grunt'), cell: { x: 6, y: 1 } },
      ],
      [
        { x: 0, y: 1 },
        { x: 0, y: 2 },
      ],
    ),
    revealFoes: true,
  });
  setRoomSettings(docs, { ...readSnapshot(docs.public).settings, applyResults: 'on-confirm' });
  return docs;
}
function startAnasTurn(docs: TableDocs) {
  act(docs, GM, { kind: 'start-combat' });
  act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
}

const snap = (docs: TableDocs) => readSnapshot(docs.public, docs.secrets);
const hp = (docs: TableDocs, id: string) => snap(docs).tokensById[id]!.state!.hp;
const attackEntry = (docs: TableDocs) =>
  snap(docs)
    .log.filter((e) => e.kind === 'attack')
    .at(-1)!;

describe('applyResults setting', () => {
  it('defaults to immediately (the roll is written at once)', () => {
    expect(DEFAULT_ROOM_SETTINGS.applyResults).toBe('immediately');
  });

  it('on-confirm: d20 15 + 2 = 17 hits for 12, the Orc stays at 32 HP until Ana’s player applies it', () => {
    const docs = onConfirmRoom();
    startAnasTurn(docs);
    const rolled = applyIntent(docs, ANA, MELEE, fixedDice([15, 4, 5]), { now: 7 });
    expect(rolled).toMatchObject({ ok: true, outcome: { result: 'hit', roll: { total: 17 } } });
    expect(hp(docs, 'orc')).toBe(32);
    // The action is spent with the roll: no second attack while the first waits.
    expect(snap(docs).tokensById['ana']!.state!.attackedThisRound).toBe(true);
    expect(act(docs, ANA, MELEE, [15, 4, 5])).toEqual({ ok: false, reason: 'already attacked this round' });
    const entry = attackEntry(docs);
    expect(entry.dice).toEqual([
      [20, 15],
      [6, 4],
      [6, 5],
    ]);
    expect(entry.pending).toEqual({
      status: 'pending',
      diff: { tokens: [{ tokenId: 'orc', state: { before: { hp: 32 }, after: { hp: 20 } } }], terrain: [] },
      damage: { tokenId: 'orc', amount: 12, type: 'physical', pierce: false, cover: false },
    });
    // Bo's player does not command Ana.
    expect(act(docs, BO, { kind: 'apply-result', logId: entry.id })).toEqual({
      ok: false,
      reason: "only the GM or Ana's player may apply this result",
    });
    const applied = applyIntent(docs, ANA, { kind: 'apply-result', logId: entry.id }, fixedDice([]), {
      now: 9,
      senderName: 'Ana’s player',
    });
    expect(applied.ok).toBe(true);
    expect(hp(docs, 'orc')).toBe(20);
    expect(attackEntry(docs).pending).toMatchObject({
      status: 'applied',
      settledBy: 'Ana’s player',
      settledAt: 9,
    });
    // (the log is sorted by time and this test passed a fixed clock, so look the entry up by kind)
    const note = snap(docs).log.find((e) => e.kind === 'damage');
    expect(note).toMatchObject({
      kind: 'damage',
      actor: 'ana',
      summary: 'Ana’s player applies: Ana uses Basic melee attack on Orc: hit',
      details: ['Orc: HP 32 → 20, vigor 0 → 0'],
      dice: [],
    });
    expect(act(docs, GM, { kind: 'apply-result', logId: entry.id })).toEqual({
      ok: false,
      reason: 'that result was already applied (by Ana’s player)',
    });
  });

  it('the GM overrides 12 with 5: armor 2 still counts (5 − 2 = 3), the log keeps both numbers', () => {
    const docs = onConfirmRoom(2);
    startAnasTurn(docs);
    act(docs, ANA, MELEE, [15, 4, 5]);
    const entry = attackEntry(docs);
    // Rolled: heavy 4 + 5 + fray 3 = 12, armor 2 → 10.
    expect(entry.pending?.diff.tokens).toEqual([
      { tokenId: 'orc', state: { before: { hp: 32 }, after: { hp: 22 } } },
    ]);
    expect(act(docs, ANA, { kind: 'apply-result', logId: entry.id, damageOverride: 5 })).toEqual({
      ok: false,
      reason: 'only the GM may change the damage',
    });
    expect(act(docs, GM, { kind: 'apply-result', logId: entry.id, damageOverride: 5 }).ok).toBe(true);
    expect(hp(docs, 'orc')).toBe(29);
    expect(attackEntry(docs).pending).toMatchObject({
      status: 'applied',
      settledBy: 'GM',
      override: { original: 12, value: 5, by: 'GM' },
    });
    expect(snap(docs).log.at(-1)!.details).toEqual([
      'GM changed the damage from 12 to 5 (before armor and vigor)',
      'Orc: HP 32 → 29, vigor 0 → 0',
    ]);
  });

  it('refuses a stale result: the Orc’s HP changed after the roll', () => {
    const docs = onConfirmRoom();
    startAnasTurn(docs);
    act(docs, ANA, MELEE, [15, 4, 5]);
    const entry = attackEntry(docs);
    expect(act(docs, GM, { kind: 'adjust-hp', tokenId: 'orc', amount: 3 }).ok).toBe(true);
    expect(act(docs, ANA, { kind: 'apply-result', logId: entry.id })).toEqual({
      ok: false,
      reason:
        "the result is stale: Orc's hp changed since the roll (was 32, now 29); discard it, or set the numbers by hand",
    });
    expect(hp(docs, 'orc')).toBe(29);
  });

  it('the attacker moving after the roll does not make it stale', () => {
    const docs = onConfirmRoom();
    startAnasTurn(docs);
    act(docs, ANA, MELEE, [15, 4, 5]);
    expect(act(docs, ANA, move('ana', '0,0')).ok).toBe(true);
    expect(act(docs, ANA, { kind: 'apply-result', logId: attackEntry(docs).id }).ok).toBe(true);
    expect(hp(docs, 'orc')).toBe(20);
  });

  it('the GM discards a pending result: nothing changes, the dice stay, it cannot be applied later', () => {
    const docs = onConfirmRoom();
    startAnasTurn(docs);
    act(docs, ANA, MELEE, [15, 4, 5]);
    const { id } = attackEntry(docs);
    expect(act(docs, ANA, { kind: 'discard-result', logId: id })).toEqual({
      ok: false,
      reason: 'only the GM may discard a result',
    });
    expect(act(docs, GM, { kind: 'discard-result', logId: id }).ok).toBe(true);
    expect(attackEntry(docs)).toMatchObject({
      pending: { status: 'discarded', settledBy: 'GM' },
      dice: [
        [20, 15],
        [6, 4],
        [6, 5],
      ],
    });
    expect(snap(docs).log.at(-1)!.summary).toBe(
      'GM discards the result: Ana uses Basic melee attack on Orc: hit',
    );
    expect(act(docs, ANA, { kind: 'apply-result', logId: id })).toEqual({
      ok: false,
      reason: 'that result was discarded (by GM)',
    });
    expect(hp(docs, 'orc')).toBe(32);
  });

  it('entries without a waiting result (a move) and unknown entries are refused', () => {
    const docs = onConfirmRoom();
    startAnasTurn(docs);
    act(docs, ANA, move('ana', '0,0'));
    const entry = snap(docs).log.at(-1)!;
    expect(entry).toMatchObject({ kind: 'move' });
    expect(entry.pending).toBeUndefined();
    expect(act(docs, GM, { kind: 'apply-result', logId: entry.id })).toEqual({
      ok: false,
      reason: 'that roll has no result waiting to be applied',
    });
    expect(act(docs, GM, { kind: 'apply-result', logId: 'nope' })).toEqual({
      ok: false,
      reason: 'that result is no longer in the log',
    });
  });

  it('an area roll waits whole: the Orc (attack space, 6) and the Grunt (fray 3) change on one Apply', () => {
    const docs = onConfirmRoom();
    act(docs, GM, move('orc', '1,0 2,0 3,0'));
    act(docs, GM, move('grunt', '5,1 4,1 3,1 2,1'));
    startAnasTurn(docs);
    const area = {
      kind: 'area',
      casterId: 'ana',
      abilityId: 'flame-burst',
      placement: { primary: { kind: 'blast', center: { x: 3, y: 0 } } },
    };
    expect(act(docs, ANA, area, [15, 3]).ok).toBe(true);
    expect([hp(docs, 'orc'), hp(docs, 'grunt')]).toEqual([32, 32]);
    expect(snap(docs).tokensById['ana']!.state!.turn.actionsUsed).toBe(2);
    const entry = snap(docs)
      .log.filter((e) => e.kind === 'area')
      .at(-1)!;
    expect(entry.pending?.damage).toMatchObject({ tokenId: 'orc', amount: 6, type: 'magical' });
    expect(act(docs, ANA, { kind: 'apply-result', logId: entry.id }).ok).toBe(true);
    expect([hp(docs, 'orc'), hp(docs, 'grunt')]).toEqual([26, 29]);
  });

  it('immediately (default) still writes at once and stores nothing pending', () => {
    const docs = onConfirmRoom();
    setRoomSettings(docs, { ...snap(docs).settings, applyResults: 'immediately' });
    startAnasTurn(docs);
    act(docs, ANA, MELEE, [15, 4, 5]);
    expect(hp(docs, 'orc')).toBe(20);
    expect(attackEntry(docs).pending).toBeUndefined();
  });

  it('a hidden foe’s roll waits in the GM-only log: players cannot see or apply it; the GM can', () => {
    const stab = {
      name: 'Stab',
      cost: '1-action',
      tags: { attack: true },
      range: 1,
      attack: { kind: 'melee', onHit: { damage: { tier: 'light' } } },
    };
    const docs = room({
      map: OPEN_MAP,
      party: party(pc('Ana')),
      encounter: encounter(
        [
          {
            id: 'ambusher',
            statBlock: foe('Ambusher', { abilities: [stab] } as never),
            cell: { x: 1, y: 1 },
          },
        ],
        [{ x: 0, y: 1 }],
      ),
    });
    setRoomSettings(docs, { ...readSnapshot(docs.public).settings, applyResults: 'on-confirm' });
    // Out of combat, d20 15 + 2 = 17 vs Defense 8: light 4 + fray 2 = 6.
    act(docs, GM, { kind: 'attack', attackerId: 'ambusher', targetId: 'ana', abilityId: 'stab' }, [15, 4]);
    const entry = snap(docs).log.find((e) => e.kind === 'attack')!;
    expect(entry).toMatchObject({ gmOnly: true, pending: { status: 'pending' } });
    expect(readSnapshot(docs.public).log.some((e) => e.id === entry.id)).toBe(false);
    expect(act(docs, ANA, { kind: 'apply-result', logId: entry.id })).toEqual({
      ok: false,
      reason: 'that result is no longer in the log',
    });
    expect(hp(docs, 'ana')).toBe(40);
    expect(act(docs, GM, { kind: 'apply-result', logId: entry.id }).ok).toBe(true);
    expect(hp(docs, 'ana')).toBe(34);
    expect(snap(docs).log.find((e) => e.id === entry.id)!.pending!.status).toBe('applied');
  });
});
