import { describe, expect, it } from 'vitest';
import { applyIntent } from '../../src/table/applyIntent';
import type { Actor } from '../../src/table/applyIntent';
import { fixedDice } from '../../src/lib/dice';
import { placeToken, updateToken } from '../../src/table/writers/tokenWriters';
import { updateCombatant } from '../../src/table/writers/roomWriters';
import { readSnapshot } from '../../src/table/snapshot';
import { act, encounter, foe, GM, OPEN_MAP, party, pc, player, room } from './fixtures';

const ANA = player('ana');

/**
 * Ana (2,1) with a Hollow Husk on each side of her (1,1) and (3,1), a Temple Sentry far off
 * (7,3); Bo (0,3). Combat started, Ana's turn.
 */
function ambush() {
  const docs = room({
    map: OPEN_MAP,
    party: party(pc('Ana'), pc('Bo')),
    encounter: encounter(
      [
        { id: 'husk-1', statBlock: foe('Hollow Husk'), cell: { x: 1, y: 1 } },
        { id: 'husk-2', statBlock: foe('Hollow Husk'), cell: { x: 3, y: 1 } },
        { id: 'sentry-1', statBlock: foe('Temple Sentry'), cell: { x: 7, y: 3 } },
      ],
      [
        { x: 2, y: 1 },
        { x: 0, y: 3 },
      ],
    ),
    revealFoes: true,
  });
  act(docs, GM, { kind: 'start-combat' });
  act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
  return docs;
}

/** What people must never read: a quoted id, or zod's own wording. */
function expectPlainWords(text: string) {
  expect(text).not.toMatch(/'[\w-]+'/);
  expect(text).not.toMatch(/\b(husk-[12]|sentry-1|ghost-1|basic-attack|basic-ranged)\b/);
  expect(text).not.toMatch(/expected|Too big|Too small|Invalid input|received|malformed/i);
}

/** Each: who sends it, the intent, and a word the refusal must contain (it names the thing). */
const BAD: [string, Actor, unknown, RegExp][] = [
  [
    'a token that is not there',
    GM,
    { kind: 'move', tokenId: 'ghost-1', path: [{ x: 0, y: 0 }] },
    /not on the table/,
  ],
  [
    'a move through a foe',
    ANA,
    {
      kind: 'move',
      tokenId: 'ana',
      path: [
        { x: 3, y: 1 },
        { x: 4, y: 1 },
      ],
    },
    /Hollow Husk 2/,
  ],
  ['a foe the player does not command', ANA, { kind: 'end-turn', tokenId: 'husk-1' }, /Hollow Husk 1/],
  [
    'an ability the character lacks',
    ANA,
    { kind: 'attack', attackerId: 'ana', targetId: 'husk-1', abilityId: 'fireball' },
    /Ana/,
  ],
  ['an empty path', ANA, { kind: 'move', tokenId: 'ana', path: [] }, /path/i],
  ['a GM-only intent from a player', ANA, { kind: 'start-combat' }, /GM/],
  ['an empty chat line', ANA, { kind: 'chat', text: '   ' }, /message|text/i],
  ['a huge HP change', GM, { kind: 'adjust-hp', tokenId: 'husk-1', amount: 5000 }, /999/],
  ['a result that is not in the log', GM, { kind: 'apply-result', logId: 'log-nope' }, /result/],
  [
    'a status the token does not have',
    GM,
    { kind: 'remove-status', tokenId: 'husk-1', statusId: 'dazed' },
    /Hollow Husk 1/,
  ],
  [
    'a save against a status not held',
    GM,
    { kind: 'save', tokenId: 'ana', statusId: 'dazed' },
    /Ana is not Dazed/,
  ],
  [
    'a pull from its own square',
    GM,
    { kind: 'force-move', tokenId: 'husk-1', move: 'pull', squares: 1, sourceCell: { x: 1, y: 1 } },
    /Hollow Husk 1/,
  ],
  [
    'a push into a character',
    GM,
    { kind: 'force-move', tokenId: 'husk-1', move: 'push', squares: 1, sourceCell: { x: 0, y: 1 } },
    /Ana/,
  ],
  [
    'a foe using a PC-only action',
    GM,
    { kind: 'basic-action', tokenId: 'husk-1', action: 'whack', targetId: 'ana' },
    /Hollow Husk 1|foes/,
  ],
  ['an unknown intent', ANA, { kind: 'teleport', tokenId: 'ana' }, /./],
];

describe('refusals name characters and things in plain words (issue 12, dead end 8)', () => {
  it.each(BAD)('%s', (_what, actor, intent, names) => {
    const docs = ambush();
    const r = act(docs, actor, intent);
    // A push into Ana may resolve (stopped by her) rather than be refused: then the log says it.
    const text = r.ok ? readSnapshot(docs.public, docs.secrets).log.at(-1)!.summary : r.reason;
    expectPlainWords(text);
    expect(text).toMatch(names);
  });

  it('a basic ranged attack next to a foe: "uses Basic ranged attack", the curse names the foe', () => {
    const docs = ambush();
    const r = applyIntent(
      docs,
      ANA,
      { kind: 'attack', attackerId: 'ana', targetId: 'sentry-1', abilityId: 'basic-ranged' },
      fixedDice([15, 4, 5, 6, 6, 6]),
    );
    expect(r.ok).toBe(true);
    const entry = readSnapshot(docs.public, docs.secrets).log.at(-1)!;
    expect(entry.summary).toMatch(/^Ana uses Basic ranged attack on Temple Sentry: /);
    expect(entry.details.join('\n')).toMatch(/next to Hollow Husk [12]/);
    for (const line of [entry.summary, ...entry.details]) expectPlainWords(line);
  });
});

describe('GM write errors name the token and say the limit (issue 12, dead end 8)', () => {
  it('a name over 80 characters: "Temple Sentry — Name: at most 80 characters"', () => {
    const docs = ambush();
    expect(() => updateToken(docs, 'sentry-1', { name: 'x'.repeat(81) })).toThrow(
      'Temple Sentry — Name: at most 80 characters',
    );
  });

  it('HP for a token with no combatant state names it and says why', () => {
    const docs = ambush();
    const token = { id: 'crate-1', name: 'Crate', cell: { x: 0, y: 0 }, size: 1, side: 'foes' as const };
    placeToken(docs, { ...token, ownerIds: [], combatant: false });
    let said = '';
    try {
      updateCombatant(docs, 'crate-1', (s) => ({ ...s, hp: 3 }));
    } catch (e) {
      said = (e as Error).message;
    }
    expect(said).toMatch(/^Crate /);
    expectPlainWords(said);
  });
});
