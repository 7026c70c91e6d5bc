import { it, expect } from 'vitest';
import { fixedDice } from '../../src/lib/dice';
import { room, mapOf, pc, foe, party, encounter } from './fixtures';
import { readSnapshot } from '../../src/table/snapshot';
import { applyIntent } from '../../src/table/applyIntent';
it('smoke', () => {
  const docs = room({
    map: mapOf(['......', '......', '......']),
    party: party(pc('Ana')),
    encounter: encounter([{ id: 'orc', statBlock: foe('Orc'), cell: { x: 4, y: 1 } }], [{ x: 0, y: 1 }]),
    revealFoes: true,
  });
  const s = readSnapshot(docs.public, docs.secrets);
  console.log(JSON.stringify(s.tokens.map((t) => [t.id, t.cell, t.hidden, t.maxHp]), null, 0), s.problems);
  const r = applyIntent(docs, { role: 'player', characterIds: ['ana'] }, { kind: 'move', tokenId: 'ana', path: [{ x: 1, y: 1 }, { x: 2, y: 1 }] }, fixedDice([]));
  console.log(JSON.stringify(r));
  console.log(JSON.stringify(applyIntent(docs, { role: 'gm' }, { kind: 'start-combat' }, fixedDice([]))));
  console.log(JSON.stringify(applyIntent(docs, { role: 'player', characterIds: ['ana'] }, { kind: 'start-turn', tokenId: 'ana' }, fixedDice([]))));
  console.log(JSON.stringify(applyIntent(docs, { role: 'player', characterIds: ['ana'] }, { kind: 'move', tokenId: 'ana', path: [{ x: 3, y: 1 }] }, fixedDice([]))));
  console.log(JSON.stringify(applyIntent(docs, { role: 'player', characterIds: ['ana'] }, { kind: 'attack', attackerId: 'ana', targetId: 'orc', abilityId: 'basic-melee' }, fixedDice([15, 4, 5]))));
  console.log(JSON.stringify(readSnapshot(docs.public).log.map((l) => [l.summary, l.details, l.dice]), null, 1));
  expect(1).toBe(1);
});
