import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { readSnapshot } from '../../src/table/snapshot';
import { readSettings } from '../../src/table/readDoc';
import { createGmUndoManager } from '../../src/table/createGmUndoManager';
import { exportRoom, importRoom } from '../../src/table/roomFile';
import { GM_ORIGIN, SERVER_ORIGIN, transactBoth } from '../../src/table/docLayout';
import { prepareDiffWrite } from '../../src/table/writers/writeDiff';
import { setRoomSettings, updateCombatant } from '../../src/table/writers/roomWriters';
import {
  placeToken,
  removeToken,
  setStatBlock,
  setTokenHidden,
  updateToken,
} from '../../src/table/writers/tokenWriters';
import type { FoeHp } from '../../src/schema/settings';
import { act, encounter, foe, mapOf, party, pc, player, room } from './fixtures';

/** Room setting `foeHp` (issue 12, dead end 14): where a foe's HP lives and what players read. */
const BRUTE = foe('Brute', { health: 13 }); // 52 HP

function bruteRoom(foeHp: FoeHp) {
  return room(
    {
      map: mapOf(['......', '......']),
      party: party(pc('Ana')),
      encounter: encounter([{ id: 'brute', statBlock: BRUTE, cell: { x: 1, y: 0 } }], [{ x: 0, y: 0 }]),
      revealFoes: true,
    },
    foeHp,
  );
}

const publicLog = (docs: { public: Y.Doc }) =>
  readSnapshot(docs.public)
    .log.map((e) => [e.summary, ...e.details].join('\n'))
    .join('\n');

describe('foeHp at the table', () => {
  it("'hidden': players read the damage dealt and the defeat, never bloodied or HP; the GM reads it all", () => {
    const docs = bruteRoom('hidden');
    updateCombatant(docs, 'brute', (s) => ({ ...s, hp: 20 })); // bloodied already
    // Ana: d20 15 + 2 hits; heavy 6+6 + fray 3 = 15 → 5 HP left.
    const hit = act(
      docs,
      player('ana'),
      { kind: 'attack', attackerId: 'ana', targetId: 'brute', abilityId: 'basic-melee' },
      [15, 6, 6, 6, 6],
    );
    expect(hit.ok).toBe(true);
    const gm = readSnapshot(docs.public, docs.secrets).tokensById['brute']!;
    const lost = 20 - gm.state!.hp;
    expect(lost).toBeGreaterThan(0);
    const shown = readSnapshot(docs.public).tokensById['brute']!;
    expect(shown).toMatchObject({ hpHidden: true, bloodied: false, bloodiedTold: false, maxHp: null });
    expect(publicLog(docs)).toContain(`Ana attacks Brute: hit, Brute takes ${lost} damage`);
    expect(publicLog(docs)).not.toContain('bloodied');
    expect(publicLog(docs)).not.toMatch(new RegExp(`\\b(52|20|${gm.state!.hp})\\b`));
    expect(JSON.stringify(hit)).not.toMatch(new RegExp(`\\b(52|20|${gm.state!.hp})\\b`));
    // The GM's merged log keeps the exact line.
    const gmLog = readSnapshot(docs.public, docs.secrets)
      .log.map((e) => e.details.join('\n'))
      .join('\n');
    expect(gmLog).toContain(`Brute: HP 20 → ${gm.state!.hp}`);

    // The defeat shows: the face says defeated, the line says so.
    updateCombatant(docs, 'brute', (s) => ({ ...s, hp: 0 }));
    expect(readSnapshot(docs.public).tokensById['brute']!.state).toMatchObject({ defeated: true });
  });

  it("'bloodied': a player still reads their own dice against a foe; with the foe's stats hidden too, no dice", () => {
    const docs = bruteRoom('bloodied');
    const roll = [15, 6, 6, 6, 6];
    const hit = act(
      docs,
      player('ana'),
      { kind: 'attack', attackerId: 'ana', targetId: 'brute', abilityId: 'basic-melee' },
      roll,
    );
    expect(hit.ok).toBe(true);
    const line = readSnapshot(docs.public).log.at(-1)!;
    expect(line.dice.map(([, r]) => r)).toEqual(roll.slice(0, line.dice.length));
    expect(line.dice.length).toBeGreaterThan(1);

    // The GM hides the Brute's stat block as well: its Defense and armor must not be worked out.
    setStatBlock(docs, 'brute', BRUTE, true);
    const again = act(
      docs,
      player('ana'),
      { kind: 'attack', attackerId: 'ana', targetId: 'brute', abilityId: 'basic-melee' },
      [15, 6, 6, 6, 6],
    );
    expect(again.ok).toBe(true);
    const hiddenLine = readSnapshot(docs.public).log.at(-1)!;
    expect(hiddenLine.summary).toMatch(/^Ana attacks Brute/);
    expect(hiddenLine.dice).toEqual([]);
  });

  it('a foe placed, given another side, new stats, hidden and removed keeps its HP where the setting says', () => {
    const docs = bruteRoom('bloodied');
    const faces = docs.public.getMap('shownStates');
    placeToken(
      docs,
      {
        id: 'ogre',
        name: 'Ogre',
        cell: { x: 3, y: 1 },
        size: 1,
        side: 'foes',
        ownerIds: [],
        combatant: true,
      },
      { statBlock: foe('Ogre', { health: 10 }) },
    );
    expect(docs.public.getMap('combatants').has('ogre')).toBe(false);
    expect(docs.secrets.getMap('combatants').get('ogre')).toMatchObject({ hp: 40 });
    expect(faces.get('ogre')).toMatchObject({ name: 'Ogre', bloodied: false });
    expect(faces.get('ogre')).not.toHaveProperty('hp');

    updateCombatant(docs, 'ogre', (s) => ({ ...s, hp: 21 }));
    expect(faces.get('ogre')).toMatchObject({ bloodied: false });
    setStatBlock(docs, 'ogre', foe('Ogre', { health: 11 })); // 44 max: 21 is bloodied now
    expect(faces.get('ogre')).toMatchObject({ bloodied: true });

    updateToken(docs, 'ogre', { side: 'party' }); // an ally now: its HP is public
    expect(docs.public.getMap('combatants').get('ogre')).toMatchObject({ hp: 21 });
    expect(faces.has('ogre')).toBe(false);
    updateToken(docs, 'ogre', { side: 'foes' });
    expect(docs.public.getMap('combatants').has('ogre')).toBe(false);

    setTokenHidden(docs, 'ogre', true);
    expect(faces.has('ogre')).toBe(false);
    expect(docs.secrets.getMap('combatants').get('ogre')).toMatchObject({ hp: 21 });
    setTokenHidden(docs, 'ogre', false);
    expect(faces.get('ogre')).toMatchObject({ bloodied: true });
    expect(docs.public.getMap('combatants').has('ogre')).toBe(false);

    removeToken(docs, 'ogre');
    expect(faces.has('ogre')).toBe(false);
    expect(docs.secrets.getMap('combatants').has('ogre')).toBe(false);
  });

  it('the setting is one GM undo step on both docs, and a room file carries the HP to its new room', () => {
    const docs = bruteRoom('bloodied');
    updateCombatant(docs, 'brute', (s) => ({ ...s, hp: 30 }));
    const undo = createGmUndoManager(docs);
    setRoomSettings(docs, { ...readSettings(docs.public, []), foeHp: 'exact' });
    expect(docs.public.getMap('combatants').get('brute')).toMatchObject({ hp: 30 });
    expect(undo.undo()).toBe(true);
    expect(readSettings(docs.public, []).foeHp).toBe('bloodied');
    expect(docs.public.getMap('combatants').has('brute')).toBe(false);
    expect(docs.secrets.getMap('combatants').get('brute')).toMatchObject({ hp: 30 });
    expect(readSnapshot(docs.public).tokensById['brute']).toMatchObject({ hpHidden: true });

    const copy = { public: new Y.Doc(), secrets: new Y.Doc() };
    importRoom(copy.public, copy.secrets, JSON.parse(JSON.stringify(exportRoom(docs.public, docs.secrets))));
    expect(copy.public.getMap('combatants').has('brute')).toBe(false);
    expect(readSnapshot(copy.public, copy.secrets).tokensById['brute']!.state).toMatchObject({ hp: 30 });
    expect(readSnapshot(copy.public).tokensById['brute']).toMatchObject({ hpHidden: true, bloodied: false });
  });

  it('undoing a later GM write leaves the setting step alone (no empty step on the other doc)', () => {
    const docs = bruteRoom('bloodied');
    const undo = createGmUndoManager(docs);
    setRoomSettings(docs, { ...readSettings(docs.public, []), foeHp: 'exact' }); // both docs
    const hit = {
      tokens: [{ tokenId: 'brute', state: { before: { hp: 52 }, after: { hp: 40 } } }],
      terrain: [],
    };
    transactBoth(docs, SERVER_ORIGIN, prepareDiffWrite(docs, hit));
    const revert = {
      tokens: [{ tokenId: 'brute', state: { before: { hp: 40 }, after: { hp: 52 } } }],
      terrain: [],
    };
    transactBoth(docs, GM_ORIGIN, prepareDiffWrite(docs, revert)); // public only
    expect(undo.undo()).toBe(true);
    expect(docs.secrets.getMap('combatants').has('brute')).toBe(false);
    expect(readSnapshot(docs.public, docs.secrets).tokensById['brute']!.state).toMatchObject({ hp: 40 });
    expect(readSettings(docs.public, []).foeHp).toBe('exact');
  });
});
