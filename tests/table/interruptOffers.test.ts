import { describe, expect, it } from 'vitest';
import { fixedDice } from '../../src/lib/dice';
import { readTableState } from '../../src/table/snapshot';
import { recordingDice } from '../../src/table/intents/IntentContext';
import type { IntentContext } from '../../src/table/intents/IntentContext';
import { interruptOffers } from '../../src/table/intents/interruptOffers';
import type { TableDocs } from '../../src/table/docLayout';
import { act, encounter, foe, GM, OPEN_MAP, party, pc, player, room } from './fixtures';

const RIPOSTE = {
  name: 'Riposte',
  cost: 'free',
  tags: { interrupt: 1 },
  trigger: { kind: 'moves-adjacent', who: 'foe' },
  effect: { damage: { tier: 'fray' } },
};

function ctxOf(docs: TableDocs): IntentContext {
  return {
    actor: GM,
    snapshot: readTableState(docs.public, docs.secrets),
    logEntry: () => undefined,
    dice: recordingDice(fixedDice([])),
    now: 0,
    senderName: 'GM',
  };
}

describe('interruptOffers (the table seam for interrupts)', () => {
  it('on the room snapshot: the orc stepping next to Ana fires Riposte; out of combat nothing does', () => {
    const docs = room({
      map: OPEN_MAP,
      party: party(pc('Ana', { abilities: [RIPOSTE] } as never)),
      encounter: encounter([{ id: 'orc', statBlock: foe('Orc'), cell: { x: 4, y: 1 } }], [{ x: 1, y: 1 }]),
      revealFoes: true,
    });
    const walk = {
      kind: 'move',
      moverId: 'orc',
      path: [
        { x: 4, y: 1 },
        { x: 3, y: 1 },
        { x: 2, y: 1 },
      ],
      dash: false,
    } as const;
    expect(interruptOffers(ctxOf(docs), walk)).toEqual([]);
    act(docs, GM, { kind: 'start-combat' });
    act(docs, player('ana'), { kind: 'start-turn', tokenId: 'ana' });
    expect(interruptOffers(ctxOf(docs), walk)).toEqual([
      { characterId: 'ana', ability: 'Riposte', subjectId: 'orc', trigger: 'moves-adjacent' },
    ]);
    expect(interruptOffers(ctxOf(docs), { ...walk, dash: true })).toEqual([]);
  });
});
