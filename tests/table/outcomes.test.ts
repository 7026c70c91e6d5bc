import { describe, expect, it } from 'vitest';
import { fixedDice } from '../../src/lib/dice';
import { LogEntrySchema } from '../../src/schema/logEntry';
import type { OutcomeKind } from '../../src/schema/outcome';
import { OutcomeSchema, RedactedOutcomeSchema } from '../../src/schema/outcome';
import type { Actor } from '../../src/table/applyIntent';
import { applyIntent } from '../../src/table/applyIntent';
import type { TableDocs } from '../../src/table/docLayout';
import { rootsOf } from '../../src/table/docLayout';
import { readSnapshot } from '../../src/table/snapshot';
import { intentWrites } from '../../src/table/intents/IntentWrites';
import { encounter, FLAME_BURST, foe, GM, move, OPEN_MAP, party, pc, player, room } from './fixtures';

const ANA = player('ana');
const BO = player('bo');

/** Ana (0,1), Bo (0,2), the Orc (1,1) next to both, the Grunt (6,1). */
function seeded() {
  return room({
    map: OPEN_MAP,
    party: party(pc('Ana', { abilities: [FLAME_BURST] } as never), pc('Bo')),
    encounter: encounter(
      [
        { id: 'orc', statBlock: foe('Orc'), cell: { x: 1, y: 1 } },
        { id: 'grunt', statBlock: foe('Grunt'), cell: { x: 6, y: 1 } },
      ],
      [
        { x: 0, y: 1 },
        { x: 0, y: 2 },
      ],
    ),
    revealFoes: true,
  });
}

/** Every stored log entry's raw outcome, both docs, as written (before any lenient read). */
function storedOutcomes(docs: TableDocs): unknown[] {
  return [docs.public, docs.secrets!].flatMap((doc) =>
    rootsOf(doc)
      .log.toArray()
      .map((raw) => (raw as { outcome?: unknown }).outcome)
      .filter((o) => o !== undefined),
  );
}

describe('the outcome union (src/schema/outcome.ts)', () => {
  it('parses every outcome each handler answers and stores, strictly', () => {
    const docs = seeded();
    const kinds = new Set<OutcomeKind>();
    const send = (actor: Actor, intent: Record<string, unknown>) => {
      const result = applyIntent(docs, actor, intent, fixedDice(Array.from({ length: 40 }, () => 3)));
      if (!result.ok) throw new Error(`${String(intent['kind'])} refused: ${result.reason}`);
      const parsed = OutcomeSchema.safeParse(result.outcome);
      expect(parsed.error?.issues ?? [], String(intent['kind'])).toEqual([]);
      kinds.add(parsed.data!.kind);
    };
    send(GM, { kind: 'start-combat' });
    send(ANA, { kind: 'start-turn', tokenId: 'ana' });
    send(ANA, {
      kind: 'area',
      casterId: 'ana',
      abilityId: 'flame-burst',
      placement: { primary: { kind: 'blast', center: { x: 3, y: 1 } } },
    });
    send(ANA, { kind: 'add-status', tokenId: 'ana', statusId: 'dazed' });
    send(GM, { kind: 'save', tokenId: 'ana', statusId: 'dazed' });
    send(ANA, { kind: 'end-turn', tokenId: 'ana' });
    send(GM, { kind: 'start-turn', tokenId: 'grunt' });
    send(GM, { kind: 'end-turn', tokenId: 'grunt' });
    send(BO, { kind: 'start-turn', tokenId: 'bo' });
    send(BO, { kind: 'attack', attackerId: 'bo', targetId: 'orc', abilityId: 'basic-melee' });
    send(BO, move('bo', '0,3'));
    send(BO, { kind: 'undo-move', tokenId: 'bo' });
    send(BO, move('bo', '0,3'));
    send(GM, { kind: 'adjust-hp', tokenId: 'orc', amount: 2, reason: 'a trap' });
    send(GM, { kind: 'add-blight', tokenId: 'grunt', blightId: 'burning' });
    send(GM, { kind: 'remove-blight', tokenId: 'grunt', blightId: 'burning' });
    send(GM, { kind: 'remove-status', tokenId: 'ana', statusId: 'dazed' });
    send(GM, { kind: 'hide', tokenId: 'grunt' });
    send(GM, { kind: 'reveal', tokenId: 'grunt' });
    send(GM, { kind: 'force-move', tokenId: 'grunt', move: 'shove', squares: 1, direction: 'north' });
    send(BO, { kind: 'chat', text: 'hello' });
    send(GM, { kind: 'end-combat' });
    send(GM, { kind: 'interlude' });
    send(GM, { kind: 'new-expedition' });
    send(ANA, { kind: 'basic-action', tokenId: 'ana', action: 'interact', note: 'a lever' });
    send(ANA, { kind: 'basic-action', tokenId: 'ana', action: 'whack', targetId: 'orc' });
    send(GM, { kind: 'adjust-hp', tokenId: 'ana', amount: 10, reason: 'a fall' });
    send(ANA, { kind: 'drink-elixir', tokenId: 'ana' });
    send(BO, { kind: 'surrender', tokenId: 'bo' });
    expect([...kinds].sort()).toEqual(
      [
        'add-blight',
        'add-status',
        'adjust-hp',
        'area',
        'attack',
        'chat',
        'drink-elixir',
        'end-combat',
        'end-turn',
        'forced-move',
        'hide',
        'interact',
        'interlude',
        'move',
        'new-expedition',
        'remove-blight',
        'remove-status',
        'reveal',
        'save',
        'start-combat',
        'start-turn',
        'surrender',
        'undo-move',
        'whack',
      ].sort(),
    );
    const stored = storedOutcomes(docs);
    expect(stored.length).toBeGreaterThan(15);
    for (const outcome of stored) {
      const full = OutcomeSchema.safeParse(outcome);
      expect(full.success || RedactedOutcomeSchema.safeParse(outcome).success, JSON.stringify(outcome)).toBe(
        true,
      );
    }
  });
});

describe('hidden information in diffs', () => {
  it("a public line's diff never names a hidden token; the GM's copy (same id) keeps it", () => {
    const docs = seeded();
    applyIntent(docs, GM, { kind: 'hide', tokenId: 'grunt' }, fixedDice([]));
    // Hidden foes are not in the fight, so no handler writes this today: the writer still guards it.
    const writes = intentWrites(docs, 1, []);
    const hp = (id: string) => ({ tokenId: id, state: { before: { hp: 40 }, after: { hp: 39 } } });
    writes.log({
      kind: 'note',
      actor: 'gm',
      summary: 'Everyone loses 1 HP',
      diff: { tokens: [hp('ana'), hp('grunt')], terrain: [] },
    });
    docs.public.transact(() => docs.secrets.transact(() => writes.apply()));
    const publicLine = LogEntrySchema.parse(rootsOf(docs.public).log.toArray().at(-1));
    expect(publicLine.diff!.tokens.map((t) => t.tokenId)).toEqual(['ana']);
    expect(JSON.stringify(rootsOf(docs.public).log.toJSON())).not.toContain('grunt');
    const gmLine = readSnapshot(docs.public, docs.secrets).log.find((e) => e.id === publicLine.id)!;
    expect(gmLine.diff!.tokens.map((t) => t.tokenId)).toEqual(['ana', 'grunt']);
  });
});
