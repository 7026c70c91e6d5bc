import { describe, expect, it } from 'vitest';
import { readSnapshot } from '../../src/table/snapshot';
import { setRoomSettings } from '../../src/table/writers/roomWriters';
import { act, encounter, foe, GM, OPEN_MAP, party, pc, player, room } from './fixtures';

const ANA = player('ana');
const BO = player('bo');

function fight() {
  const docs = room({
    map: OPEN_MAP,
    party: party(pc('Ana'), pc('Bo')),
    encounter: encounter(
      [{ id: 'orc', statBlock: foe('Orc'), cell: { x: 7, y: 3 } }],
      [
        { x: 0, y: 0 },
        { x: 0, y: 1 },
      ],
    ),
    revealFoes: true,
  });
  expect(act(docs, GM, { kind: 'start-combat' }).ok).toBe(true);
  return docs;
}

// Rulebook (Turn order): a slow turn is chosen "at the start of a combat, the start of a round, or
// whenever they are forced to". docs/rules.md "Slow turns".
describe('when a slow turn may be chosen (setting slowTurnDeclaredAt)', () => {
  it("default 'round-start': Bo may not choose a slow turn once Ana has taken hers", () => {
    const docs = fight();
    expect(act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' }).ok).toBe(true);
    expect(act(docs, ANA, { kind: 'end-turn', tokenId: 'ana' }).ok).toBe(true);
    expect(act(docs, GM, { kind: 'start-turn', tokenId: 'orc' }).ok).toBe(true);
    expect(act(docs, GM, { kind: 'end-turn', tokenId: 'orc' }).ok).toBe(true);
    expect(act(docs, BO, { kind: 'start-turn', tokenId: 'bo', slow: true })).toEqual({
      ok: false,
      reason:
        'Bo cannot choose a slow turn now: slow turns are chosen at the start of combat or of a round, before anyone has taken a turn',
    });
  });

  it("'any-time': Bo may still choose it mid-round (and, last to act, takes it at once)", () => {
    const docs = fight();
    setRoomSettings(docs, { slowTurnDeclaredAt: 'any-time' });
    act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
    act(docs, ANA, { kind: 'end-turn', tokenId: 'ana' });
    act(docs, GM, { kind: 'start-turn', tokenId: 'orc' });
    act(docs, GM, { kind: 'end-turn', tokenId: 'orc' });
    expect(act(docs, BO, { kind: 'start-turn', tokenId: 'bo', slow: true })).toMatchObject({
      ok: true,
      outcome: { kind: 'start-turn', combatantId: 'bo' },
    });
  });

  it('at the start of combat both PCs may choose slow turns; a PC still goes first, not the orc', () => {
    const docs = fight();
    expect(act(docs, ANA, { kind: 'start-turn', tokenId: 'ana', slow: true })).toMatchObject({
      ok: true,
      outcome: { kind: 'declare-slow' },
    });
    // Bo is the last of the party to go slow: the first turn stays with the party, so it starts.
    expect(act(docs, BO, { kind: 'start-turn', tokenId: 'bo', slow: true })).toMatchObject({
      ok: true,
      outcome: { kind: 'start-turn', combatantId: 'bo' },
    });
    expect(readSnapshot(docs.public).turn).toMatchObject({ currentId: 'bo' });
  });

  it('with firstTurnBeatsSlow off, an all-slow party hands the first turn to the orc', () => {
    const docs = fight();
    setRoomSettings(docs, { firstTurnBeatsSlow: false });
    act(docs, ANA, { kind: 'start-turn', tokenId: 'ana', slow: true });
    expect(act(docs, BO, { kind: 'start-turn', tokenId: 'bo', slow: true })).toMatchObject({
      ok: true,
      outcome: { kind: 'declare-slow' },
    });
    expect(act(docs, GM, { kind: 'start-turn', tokenId: 'orc' })).toMatchObject({ ok: true });
  });
});
