import { describe, expect, it } from 'vitest';
import { readSnapshot } from '../../src/table/snapshot';
import type { TableDocs } from '../../src/table/docLayout';
import { moveToken } from '../../src/table/writers/tokenWriters';
import { act, encounter, foe, GM, mapOf, move, party, pc, player, room } from './fixtures';

// .......   y0
// ..!....   y1   (2,1) dangerous
// .......   y2
const MAP = mapOf(['.......', '..!....', '.......']);
const ANA = player('ana');
const BO = player('bo');

/** Ana (0,0), Bo (0,2), the Orc (6,0); combat started, Ana's turn. */
function onAnasTurn(): TableDocs {
  const docs = room({
    map: MAP,
    party: party(pc('Ana'), pc('Bo')),
    encounter: encounter(
      [{ id: 'orc', statBlock: foe('Orc'), cell: { x: 6, y: 0 } }],
      [
        { x: 0, y: 0 },
        { x: 0, y: 2 },
      ],
    ),
    revealFoes: true,
  });
  act(docs, GM, { kind: 'start-combat' });
  act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
  return docs;
}
const snap = (docs: TableDocs) => readSnapshot(docs.public, docs.secrets);
const ana = (docs: TableDocs) => snap(docs).tokensById['ana']!;
const UNDO = { kind: 'undo-move', tokenId: 'ana' };

describe('taking back a move (before acting)', () => {
  it('puts Ana back where she started with her movement back, and logs it', () => {
    const docs = onAnasTurn();
    expect(act(docs, ANA, move('ana', '1,0 2,0 3,0')).ok).toBe(true);
    expect(ana(docs).state!.turn.movementUsed).toBe(3);
    expect(act(docs, ANA, UNDO)).toMatchObject({
      ok: true,
      outcome: {
        kind: 'undo-move',
        tokenId: 'ana',
        from: { x: 3, y: 0 },
        to: { x: 0, y: 0 },
        movementBack: 3,
      },
    });
    expect(ana(docs).cell).toEqual({ x: 0, y: 0 });
    expect(ana(docs).state!.turn.movementUsed).toBe(0);
    expect(snap(docs).log.at(-1)).toMatchObject({
      kind: 'move',
      actor: 'ana',
      summary: 'Ana takes back the move to (3,0): back on (0,0), 3 squares of movement returned',
    });
    // The whole Speed is there again: 4 squares.
    expect(act(docs, ANA, move('ana', '1,0 2,0 3,0 4,0')).ok).toBe(true);
  });

  it('a Run taken back returns its action too', () => {
    const docs = onAnasTurn();
    expect(act(docs, ANA, move('ana', '1,0 2,0', 'run')).ok).toBe(true);
    expect(ana(docs).state!.turn.actionsUsed).toBe(1);
    expect(act(docs, ANA, UNDO).ok).toBe(true);
    expect(ana(docs).state!.turn).toMatchObject({ actionsUsed: 0, used: {} });
  });

  it('refused once Ana has acted after moving, and the move stands', () => {
    const docs = onAnasTurn();
    act(docs, ANA, move('ana', '1,0 2,0'));
    expect(
      act(docs, ANA, { kind: 'basic-action', tokenId: 'ana', action: 'interact', note: 'lever' }).ok,
    ).toBe(true);
    expect(act(docs, ANA, UNDO)).toEqual({
      ok: false,
      reason: 'Ana has acted since that move: it can no longer be taken back',
    });
    expect(ana(docs).cell).toEqual({ x: 2, y: 0 });
  });

  it('refused when something else happened since: harmed, moved, or the start square taken', () => {
    let docs = onAnasTurn();
    act(docs, ANA, move('ana', '1,0 2,0'));
    act(docs, GM, { kind: 'add-status', tokenId: 'ana', statusId: 'dazed' });
    expect(act(docs, ANA, UNDO)).toEqual({
      ok: false,
      reason: 'something else happened to Ana since that move: it can no longer be taken back',
    });

    docs = onAnasTurn();
    act(docs, ANA, move('ana', '1,0 1,1'));
    // The GM moves Bo (out of turn) onto Ana's start square.
    expect(act(docs, GM, move('bo', '0,1 0,0')).ok).toBe(true);
    expect(act(docs, ANA, UNDO)).toEqual({
      ok: false,
      reason: 'Bo now stands on (0,0), where Ana started: the move can no longer be taken back',
    });

    docs = onAnasTurn();
    act(docs, ANA, move('ana', '1,0 2,0'));
    // The GM drags Ana's token (a doc write, not an intent).
    moveToken(docs, 'ana', { x: 3, y: 0 });
    expect(act(docs, ANA, UNDO)).toEqual({
      ok: false,
      reason: 'Ana has been moved since that move: it can no longer be taken back',
    });
  });

  it('refused for a move that dealt damage, with no move, out of turn, and for someone else’s character', () => {
    const docs = onAnasTurn();
    expect(act(docs, ANA, UNDO)).toEqual({ ok: false, reason: 'Ana has no move to take back this turn' });
    expect(act(docs, BO, UNDO)).toEqual({ ok: false, reason: 'Ana is not your character' });
    // (2,1) is dangerous: entering it deals damage at once.
    expect(act(docs, ANA, move('ana', '1,0 2,0 2,1')).ok).toBe(true);
    expect(ana(docs).state!.hp).toBeLessThan(40);
    expect(act(docs, ANA, UNDO)).toEqual({
      ok: false,
      reason: 'that move dealt damage (dangerous terrain or a fall): it can no longer be taken back',
    });
    act(docs, ANA, { kind: 'end-turn', tokenId: 'ana' });
    expect(act(docs, ANA, UNDO)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^not your turn/),
    });
  });

  it('out of combat there is nothing to take back', () => {
    const docs = onAnasTurn();
    act(docs, GM, { kind: 'end-combat' });
    expect(act(docs, ANA, UNDO)).toEqual({
      ok: false,
      reason: 'no combat is running: move the token back instead',
    });
  });
});
