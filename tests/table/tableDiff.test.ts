import { describe, expect, it } from 'vitest';
import { LogEntrySchema } from '../../src/schema/logEntry';
import type { TableDiff } from '../../src/schema/tableDiff';
import type { TableDocs } from '../../src/table/docLayout';
import { rootsOf } from '../../src/table/docLayout';
import { readSnapshot, readTableState } from '../../src/table/snapshot';
import { diffOf, reverseDiff, staleParts } from '../../src/table/tableDiff';
import { prepareDiffWrite } from '../../src/table/writers/writeDiff';
import { setRoomSettings } from '../../src/table/writers/roomWriters';
import { applicationOf, applicationsOf, changedSince } from '../../src/ui/combat/applicationHistory';
import { revertApplication } from '../../src/ui/combat/gmCombatWrites';
import { act, encounter, foe, GM, move, OPEN_MAP, party, pc, player, room } from './fixtures';

const ANA = player('ana');

/** Ana (0,1), the Orc (1,1) with 32 HP, the Grunt (6,1). */
function seeded() {
  return room({
    map: OPEN_MAP,
    party: party(pc('Ana')),
    encounter: encounter(
      [
        { id: 'orc', statBlock: foe('Orc'), cell: { x: 1, y: 1 } },
        { id: 'grunt', statBlock: foe('Grunt'), cell: { x: 6, y: 1 } },
      ],
      [{ x: 0, y: 1 }],
    ),
    revealFoes: true,
  });
}
const snap = (docs: TableDocs) => readSnapshot(docs.public, docs.secrets);
const orc = (docs: TableDocs) => snap(docs).tokensById['orc']!;

/** The Orc pushed from (1,1) to (3,1) and hurt from 32 to 30 HP. */
const PUSH: TableDiff = {
  tokens: [
    {
      tokenId: 'orc',
      state: { before: { hp: 32 }, after: { hp: 30 } },
      cell: { before: { x: 1, y: 1 }, after: { x: 3, y: 1 } },
    },
  ],
  terrain: [],
};

describe('one diff shape: build, apply, check, reverse (src/table/tableDiff.ts)', () => {
  it('diffOf keeps only what changed, with its value before', () => {
    const docs = seeded();
    const state = readTableState(docs.public, docs.secrets);
    const was = state.tokensById['orc']!.state!;
    const diff = diffOf(state, {
      combatants: [
        { ...was, hp: 31 },
        { ...was, hp: 30 },
      ],
      cells: [
        { tokenId: 'orc', cell: { x: 3, y: 1 } },
        { tokenId: 'grunt', cell: { x: 6, y: 1 } },
      ],
    });
    expect(diff).toEqual(PUSH);
    expect(reverseDiff(reverseDiff(diff))).toEqual(diff);
    expect(diffOf(state, { turn: null })).toEqual({ tokens: [], terrain: [] });
  });

  it('applies after, reports stale parts, and its reverse restores before', () => {
    const docs = seeded();
    expect(staleParts(PUSH, snap(docs))).toEqual([]);
    docs.public.transact(prepareDiffWrite(docs, PUSH));
    expect([orc(docs).state!.hp, orc(docs).cell]).toEqual([30, { x: 3, y: 1 }]);
    expect(staleParts(PUSH, snap(docs))).toEqual([
      { tokenId: 'orc', what: 'hp', was: 32, now: 30 },
      { tokenId: 'orc', what: 'square', was: { x: 1, y: 1 }, now: { x: 3, y: 1 } },
    ]);
    expect(staleParts(reverseDiff(PUSH), snap(docs))).toEqual([]);
    docs.public.transact(prepareDiffWrite(docs, reverseDiff(PUSH)));
    expect([orc(docs).state!.hp, orc(docs).cell]).toEqual([32, { x: 1, y: 1 }]);
  });
});

/** A pending roll as the server would store it: its diff waits for Apply. */
function plantPending(docs: TableDocs, id: string, pending: Record<string, unknown>) {
  rootsOf(docs.public).log.push([
    {
      id,
      at: 1,
      kind: 'attack',
      actor: 'ana',
      summary: 'Ana shoves the Orc',
      details: [],
      dice: [],
      gmOnly: false,
      pending,
    },
  ]);
}

describe('a pending result whose diff moves a token', () => {
  it('Apply moves and hurts the Orc; the GM undoes the application: back to (1,1) and 32 HP', () => {
    const docs = seeded();
    setRoomSettings(docs, { ...snap(docs).settings, applyResults: 'on-confirm' });
    plantPending(docs, 'l-push', { status: 'pending', diff: PUSH, damage: null });
    expect(act(docs, GM, { kind: 'apply-result', logId: 'l-push' })).toMatchObject({ ok: true });
    expect([orc(docs).state!.hp, orc(docs).cell]).toEqual([30, { x: 3, y: 1 }]);
    const applying = snap(docs).log.at(-1)!;
    expect(applying.details).toEqual(['Orc: HP 32 → 30, vigor 0 → 0, to (3,1)']);
    const app = applicationOf(applying)!;
    expect(app.diff).toEqual(PUSH);
    expect(changedSince(app, snap(docs))).toEqual([]);
    revertApplication(docs, app);
    expect([orc(docs).state!.hp, orc(docs).cell]).toEqual([32, { x: 1, y: 1 }]);
  });

  it('is stale when the token no longer stands where the roll found it', () => {
    const docs = seeded();
    plantPending(docs, 'l-push', {
      status: 'pending',
      diff: {
        ...PUSH,
        tokens: [{ ...PUSH.tokens[0]!, cell: { before: { x: 5, y: 1 }, after: { x: 3, y: 1 } } }],
      },
      damage: null,
    });
    expect(act(docs, GM, { kind: 'apply-result', logId: 'l-push' })).toEqual({
      ok: false,
      reason:
        'the result is stale: Orc\'s square changed since the roll (was {"x":5,"y":1}, now {"x":1,"y":1}); ' +
        'discard it, or set the numbers by hand',
    });
  });
});

describe('rooms from earlier versions', () => {
  it('an entry whose outcome has an older shape still loads (outcome absent); old pending changes read as a diff and apply', () => {
    const docs = seeded();
    rootsOf(docs.public).log.push([
      {
        id: 'l-old',
        at: 1,
        kind: 'move',
        actor: 'ana',
        summary: 'Ana moves',
        outcome: { kind: 'move', path: [1, 2] },
      },
    ]);
    plantPending(docs, 'l-old-pending', {
      status: 'pending',
      changes: [{ tokenId: 'orc', before: { hp: 32 }, after: { hp: 25 } }],
      damage: null,
    });
    const read = snap(docs);
    expect(read.problems).toEqual([]);
    const old = read.log.find((e) => e.id === 'l-old')!;
    expect([old.summary, old.outcome]).toEqual(['Ana moves', undefined]);
    expect(read.log.find((e) => e.id === 'l-old-pending')!.pending!.diff).toEqual({
      tokens: [{ tokenId: 'orc', state: { before: { hp: 32 }, after: { hp: 25 } } }],
      terrain: [],
    });
    expect(act(docs, GM, { kind: 'apply-result', logId: 'l-old-pending' })).toMatchObject({ ok: true });
    expect(orc(docs).state!.hp).toBe(25);
  });

  it('an outcome past the JSON bound is still refused, naming it (the lenient read is for shapes only)', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 40; i += 1) deep = { o: deep };
    const parsed = LogEntrySchema.safeParse({
      id: 'l',
      at: 1,
      kind: 'note',
      actor: 'gm',
      summary: 's',
      outcome: deep,
    });
    expect(parsed.error?.issues[0]?.path).toEqual(['outcome']);
  });
});

describe('application history from stored diffs', () => {
  it('lists each applied entry with its diff; undoing a move puts the token back', () => {
    const docs = seeded();
    expect(act(docs, ANA, move('ana', '0,2 0,3'))).toMatchObject({ ok: true });
    act(docs, GM, { kind: 'adjust-hp', tokenId: 'orc', amount: 5, reason: 'a trap' });
    const apps = applicationsOf(snap(docs).log);
    expect(apps.map((a) => a.summary)).toEqual(['Ana moves to (0,3), cost 4', 'GM: Orc 32 → 27 HP (a trap)']);
    expect(apps[0]!.diff.tokens).toEqual([
      { tokenId: 'ana', cell: { before: { x: 0, y: 1 }, after: { x: 0, y: 3 } } },
    ]);
    revertApplication(docs, apps[0]!);
    expect(snap(docs).tokensById['ana']!.cell).toEqual({ x: 0, y: 1 });
    expect(orc(docs).state!.hp).toBe(27);
  });
});
