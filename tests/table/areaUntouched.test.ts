import { describe, expect, it } from 'vitest';
import type { OutcomeOf } from '../../src/schema/outcome';
import { readSnapshot } from '../../src/table/snapshot';
import { RESULT_VIEWS } from '../../src/ui/combat/resultViews';
import { act, encounter, FLAME_BURST, foe, GM, mapOf, party, pc, player, room } from './fixtures';

const ANA = player('ana');
/** Flame Burst without its area effect: a Blast 1 whose attack roll alone hurts anyone. */
const QUAKE = { ...FLAME_BURST, name: 'Quake', areaEffect: undefined };

/** Ana at (0,1); the orc at (4,1) and the grunt beside it at (5,1), both in a Blast 1 on (4,1). */
function fight() {
  const docs = room({
    map: mapOf(['........', '........', '........']),
    party: party(pc('Ana', { abilities: [QUAKE] } as never)),
    encounter: encounter(
      [
        { id: 'orc', statBlock: foe('Orc'), cell: { x: 4, y: 1 } },
        { id: 'grunt', statBlock: foe('Grunt'), cell: { x: 5, y: 1 } },
      ],
      [{ x: 0, y: 1 }],
    ),
    revealFoes: true,
  });
  act(docs, GM, { kind: 'start-combat' });
  act(docs, ANA, { kind: 'start-turn', tokenId: 'ana' });
  return docs;
}

describe('an area attack without an area effect says what happened to everyone in it (issue 32)', () => {
  it('the log and the result card name the grunt: in the area, no area effect', () => {
    const docs = fight();
    const used = act(
      docs,
      ANA,
      {
        kind: 'area',
        casterId: 'ana',
        abilityId: 'quake',
        placement: { primary: { kind: 'blast', center: { x: 4, y: 1 } } },
      },
      [15, 3],
    );
    expect(used).toMatchObject({ ok: true, outcome: { affected: [{ id: 'grunt' }, { id: 'orc' }] } });
    const entry = readSnapshot(docs.public).log.at(-1)!;
    expect(entry.details).toContain('Grunt: in the area, no area effect');
    expect(entry.details).not.toContain('Orc: in the area, no area effect');
    const names = (id: string) => ({ orc: 'Orc', grunt: 'Grunt' })[id] ?? id;
    const lines = RESULT_VIEWS.area(entry.outcome as OutcomeOf<'area'>, names);
    expect(lines).toContainEqual({
      label: 'Grunt',
      value: 'in the area, no area effect',
      testid: 'result-untouched-grunt',
    });
  });
});
