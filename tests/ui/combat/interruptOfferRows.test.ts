import { describe, expect, it } from 'vitest';
import { readSnapshot } from '../../../src/table/snapshot';
import { gmOfferButtons, interruptOfferRows } from '../../../src/ui/combat/interruptOfferRows';
import { act, encounter, foe, GM, OPEN_MAP, PARRY, party, pc, player, room } from '../../table/fixtures';

const BITE = {
  name: 'Bite',
  cost: '1-action',
  tags: { attack: true },
  range: 1,
  attack: { kind: 'melee', onHit: { damage: { tier: 'light' } } },
};

describe('the Act panel’s interrupt offers', () => {
  it('the player sees "Interrupt: Parry — Ruin Drake attacked Ana" with a decline; the GM may confirm a trigger', () => {
    const docs = room({
      map: OPEN_MAP,
      party: party(pc('Ana', { abilities: [PARRY] } as never)),
      encounter: encounter(
        [{ id: 'drake', statBlock: foe('Ruin Drake', { abilities: [BITE] } as never), cell: { x: 1, y: 1 } }],
        [{ x: 0, y: 1 }],
      ),
      revealFoes: true,
    });
    act(docs, GM, { kind: 'start-combat' });
    expect(gmOfferButtons(readSnapshot(docs.public, docs.secrets), 'ana').map((b) => b.label)).toEqual([
      'Offer Parry (trigger happened)',
    ]);
    act(docs, player('ana'), { kind: 'start-turn', tokenId: 'ana' });
    act(docs, player('ana'), { kind: 'end-turn', tokenId: 'ana' });
    act(docs, GM, { kind: 'start-turn', tokenId: 'drake' });
    act(docs, GM, { kind: 'attack', attackerId: 'drake', targetId: 'ana', abilityId: 'bite' }, [2]);
    const view = readSnapshot(docs.public);
    const rows = interruptOfferRows(view, [view.tokensById.ana!]);
    expect(rows).toEqual([
      {
        ownerId: 'ana',
        choiceId: 'parry',
        label: 'Interrupt: Parry — Ruin Drake attacked Ana',
        decline: { kind: 'interrupt-offer', tokenId: 'ana', abilityId: 'parry', action: 'decline' },
      },
    ]);
    expect(gmOfferButtons(readSnapshot(docs.public, docs.secrets), 'ana')).toEqual([]);
  });
});
