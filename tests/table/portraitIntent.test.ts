import { describe, expect, it } from 'vitest';
import { fixedDice } from '../../src/lib/dice';
import { applyIntent } from '../../src/table/applyIntent';
import type { Actor } from '../../src/table/applyIntent';
import { readSnapshot } from '../../src/table/snapshot';
import { NOT_THIS_ROOMS_IMAGE } from '../../src/table/intents/portraitIntent';
import { encounter, foe, GM, mapOf, party, pc, player, room } from './fixtures';

const LINKED = 'a'.repeat(64);
const OTHER = 'b'.repeat(64);

function seeded(revealFoes: boolean) {
  return room({
    map: mapOf(['......', '......']),
    party: party(pc('Ana'), pc('Bo')),
    encounter: encounter(
      [{ id: 'orc', statBlock: foe('Orc'), cell: { x: 5, y: 0 } }],
      [
        { x: 0, y: 0 },
        { x: 1, y: 0 },
      ],
    ),
    revealFoes,
  });
}

const send = (docs: ReturnType<typeof seeded>, actor: Actor, tokenId: string, portrait: string | null) =>
  applyIntent(docs, actor, { kind: 'set-portrait', tokenId, portrait }, fixedDice([]), {
    assetLinked: (hash) => hash === LINKED,
  });

describe('set-portrait (issue 14 "Token art")', () => {
  it("a player sets their own character's portrait, not another's nor a foe's; the GM any", () => {
    const docs = seeded(true);
    expect(send(docs, player('ana'), 'ana', LINKED)).toEqual({
      ok: true,
      outcome: { kind: 'set-portrait', tokenId: 'ana', portrait: LINKED },
    });
    const snap = () => readSnapshot(docs.public, docs.secrets);
    expect(snap().tokensById.ana!.statBlock!.portrait).toBe(LINKED);
    expect(snap().log.at(-1)!.summary).toBe("Ana's portrait changed");
    expect(send(docs, player('ana'), 'bo', LINKED)).toEqual({
      ok: false,
      reason: 'Bo is not your character',
    });
    expect(send(docs, player('ana'), 'orc', LINKED)).toEqual({
      ok: false,
      reason: 'Orc is not your character',
    });
    expect(send(docs, GM, 'orc', LINKED).ok).toBe(true);
    expect(snap().tokensById.orc!.statBlock!.portrait).toBe(LINKED);
    expect(send(docs, player('ana'), 'ana', null).ok).toBe(true);
    expect(snap().tokensById.ana!.statBlock!.portrait).toBeUndefined();
  });

  it('refuses an image the room does not have, and any image when the server cannot tell', () => {
    const docs = seeded(true);
    expect(send(docs, GM, 'orc', OTHER)).toEqual({ ok: false, reason: NOT_THIS_ROOMS_IMAGE });
    const unchecked = applyIntent(
      docs,
      GM,
      { kind: 'set-portrait', tokenId: 'orc', portrait: LINKED },
      fixedDice([]),
    );
    expect(unchecked).toEqual({ ok: false, reason: NOT_THIS_ROOMS_IMAGE });
    // Removing needs no image.
    expect(
      applyIntent(docs, GM, { kind: 'set-portrait', tokenId: 'orc', portrait: null }, fixedDice([])).ok,
    ).toBe(true);
  });

  it("keeps a hidden foe's portrait and its log line in the secrets doc", () => {
    const docs = seeded(false);
    expect(send(docs, GM, 'orc', LINKED).ok).toBe(true);
    expect(JSON.stringify(docs.public.toJSON())).not.toContain(LINKED);
    expect(JSON.stringify(docs.secrets.toJSON())).toContain(LINKED);
    expect(readSnapshot(docs.public).log.some((l) => l.summary.includes('Orc'))).toBe(false);
  });
});
