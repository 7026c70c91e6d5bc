import { readFileSync } from 'node:fs';
import * as Y from 'yjs';
import type { Dice } from '../../../src/lib/dice';
import type { Actor } from '../../../src/table/applyIntent';
import { applyIntent } from '../../../src/table/applyIntent';
import type { TableDocs } from '../../../src/table/docLayout';
import { publicRootsOf, SYSTEM_ORIGIN, transactBoth } from '../../../src/table/docLayout';
import { seedRoom } from '../../../src/table/seedRoom';
import { readSettings } from '../../../src/table/readDoc';
import { placeAllHealth } from '../../../src/table/foeHealth';
import { updateCombatant } from '../../../src/table/writers/roomWriters';
import { moveToken } from '../../../src/table/writers/tokenWriters';
import { revertApplication, overrideNumbers } from '../../../src/ui/combat/gmCombatWrites';
import { applicationOf } from '../../../src/ui/combat/applicationHistory';
import { readSnapshot } from '../../../src/table/snapshot';
import { GM, PARRY, player } from '../fixtures';
import type { RoomSettings } from '../../../src/schema/settings';

const json = (path: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8'));

export { GM, player };

/** Maren has the interrupt PARRY (fixtures); Tobin a plain ability. */
const STEADY = { name: 'Steady', cost: '1-action', range: 3, effect: { vigor: 1, text: 'Steady an ally.' } };

/**
 * The arena skirmish (maps/arena.json, encounters/arena-skirmish.json) with the sample party,
 * foes shown, Maren with an interrupt and Tobin with a plain ability (so `effect` and
 * `interrupt-offer` have something to use). Settings as `settings` says.
 */
export function arenaRoom(settings: Partial<RoomSettings> = {}): TableDocs & { secrets: Y.Doc } {
  const sample = json('encounters/parties/sample-party.json') as {
    characters: { name: string; abilities?: unknown[]; sheet?: unknown }[];
  };
  // Without their sheets (which would derive their abilities again) Maren and Tobin keep the added ones.
  const characters = sample.characters.map(({ sheet, ...c }) =>
    c.name.startsWith('Maren')
      ? { ...c, abilities: [...(c.abilities ?? []), PARRY] }
      : c.name.startsWith('Tobin')
        ? { ...c, abilities: [...(c.abilities ?? []), STEADY] }
        : { ...c, sheet },
  );
  const docs = { public: new Y.Doc(), secrets: new Y.Doc() };
  seedRoom(docs.public, docs.secrets, {
    map: json('maps/arena.json'),
    encounter: json('encounters/arena-skirmish.json'),
    party: { ...sample, characters },
    revealFoes: true,
  });
  const room = { ...readSettings(docs.public, []), foeHp: 'exact' as const, ...settings };
  transactBoth(docs, SYSTEM_ORIGIN, () => {
    publicRootsOf(docs.public).settings.set('room', room);
    placeAllHealth(docs, room);
  });
  return docs;
}

/** Fixed dice: every d20 shows `d20`, every other die 3 (or its highest face when smaller). */
export const steady = (d20 = 10): Dice => ({ roll: (sides) => (sides === 20 ? d20 : Math.min(sides, 3)) });

/**
 * One intent of the script; throws when refused so the script states only legal play. The
 * asset check answers yes (the portrait intent needs an image of the room).
 */
export function send(docs: TableDocs, actor: Actor, intent: Record<string, unknown>, face = 3) {
  const result = applyIntent(docs, actor, intent, steady(face), {
    now: 1_700_000_000_000,
    senderName: actor.role === 'gm' ? 'GM' : 'Player',
    assetLinked: () => true,
  });
  if (!result.ok) throw new Error(`${String(intent['kind'])} refused: ${result.reason}`);
  return result;
}

const MAREN = player('maren-stalwart');
const IVO = player('ivo-vagabond');
const SEFA = player('sefa-wright');
const TOBIN = player('tobin-mendicant');

/** The id of the newest log entry (the GM's merged log) whose result waits for Apply. */
export function pendingId(docs: TableDocs): string {
  const found = [...readSnapshot(docs.public, docs.secrets).log]
    .reverse()
    .find((e) => e.pending?.status === 'pending');
  if (!found) throw new Error('no result waits for Apply');
  return found.id;
}

/**
 * A scripted fight in the arena that uses every action kind the table has, players acting for
 * their characters and the GM for the foes and by hand (HP set by hand, an application taken
 * back), in a room that applies results on confirm so Apply and Discard are used too.
 */
export function scriptedFight(): TableDocs & { secrets: Y.Doc } {
  const docs = arenaRoom({ applyResults: 'on-confirm' });
  const go = (actor: Actor, intent: Record<string, unknown>, face?: number) =>
    send(docs, actor, intent, face);
  // The GM sets the scene: the archer has come close.
  moveToken(docs, 'archer-1', { x: 3, y: 3 });
  go(GM, { kind: 'start-combat' });
  go(MAREN, { kind: 'start-turn', tokenId: 'maren-stalwart' });
  go(MAREN, { kind: 'move', tokenId: 'maren-stalwart', path: [{ x: 1, y: 3 }], mode: 'move' });
  go(MAREN, { kind: 'undo-move', tokenId: 'maren-stalwart' });
  go(MAREN, {
    kind: 'move',
    tokenId: 'maren-stalwart',
    path: [
      { x: 1, y: 3 },
      { x: 2, y: 3 },
    ],
    mode: 'move',
  });
  go(
    MAREN,
    {
      kind: 'attack',
      attackerId: 'maren-stalwart',
      targetId: 'archer-1',
      abilityId: 'shield-bash',
      direction: 'east',
    },
    15,
  );
  go(MAREN, { kind: 'apply-result', logId: pendingId(docs) });
  go(MAREN, { kind: 'basic-action', tokenId: 'maren-stalwart', action: 'interact', note: 'a lever' });
  go(MAREN, { kind: 'end-turn', tokenId: 'maren-stalwart' }, 12);
  go(GM, { kind: 'start-turn', tokenId: 'archer-1' });
  go(GM, { kind: 'attack', attackerId: 'archer-1', targetId: 'maren-stalwart', abilityId: 'bolt' }, 15);
  go(GM, { kind: 'apply-result', logId: pendingId(docs), damageOverride: 1 });
  go(MAREN, { kind: 'interrupt-offer', tokenId: 'maren-stalwart', abilityId: 'parry', action: 'decline' });
  go(GM, { kind: 'interrupt-offer', tokenId: 'maren-stalwart', abilityId: 'parry', action: 'offer' });
  go(MAREN, { kind: 'effect', userId: 'maren-stalwart', abilityId: 'parry' });
  go(GM, { kind: 'end-turn', tokenId: 'archer-1' }, 12);
  go(IVO, { kind: 'start-turn', tokenId: 'ivo-vagabond' });
  go(
    IVO,
    {
      kind: 'area',
      casterId: 'ivo-vagabond',
      abilityId: 'knife-fan',
      placement: {
        primary: {
          kind: 'arc',
          squares: [
            { x: 1, y: 4 },
            { x: 1, y: 3 },
            { x: 2, y: 3 },
          ],
        },
      },
    },
    10,
  );
  go(GM, { kind: 'discard-result', logId: pendingId(docs) });
  go(IVO, { kind: 'end-turn', tokenId: 'ivo-vagabond' }, 12);
  go(GM, { kind: 'start-turn', tokenId: 'gladiator-1' });
  go(GM, { kind: 'force-move', tokenId: 'gladiator-1', move: 'shove', squares: 1, direction: 'south' });
  go(GM, { kind: 'add-status', tokenId: 'gladiator-1', statusId: 'dazed' });
  go(GM, { kind: 'save', tokenId: 'gladiator-1', statusId: 'dazed' }, 5);
  go(GM, { kind: 'remove-status', tokenId: 'gladiator-1', statusId: 'dazed' });
  go(GM, { kind: 'add-blight', tokenId: 'gladiator-1', blightId: 'burning' });
  go(GM, { kind: 'remove-blight', tokenId: 'gladiator-1', blightId: 'burning' });
  go(GM, { kind: 'adjust-hp', tokenId: 'gladiator-2', amount: 3, reason: 'a trap' });
  go(GM, { kind: 'hide', tokenId: 'gladiator-2' });
  go(GM, { kind: 'reveal', tokenId: 'gladiator-2' });
  go(GM, { kind: 'end-turn', tokenId: 'gladiator-1' }, 12);
  go(TOBIN, { kind: 'start-turn', tokenId: 'tobin-mendicant' });
  go(TOBIN, { kind: 'effect', userId: 'tobin-mendicant', abilityId: 'steady', targetId: 'sefa-wright' });
  go(TOBIN, { kind: 'end-turn', tokenId: 'tobin-mendicant' }, 12);
  go(GM, { kind: 'start-turn', tokenId: 'gladiator-2' });
  go(GM, { kind: 'end-turn', tokenId: 'gladiator-2' }, 12);
  go(SEFA, { kind: 'start-turn', tokenId: 'sefa-wright' });
  go(SEFA, { kind: 'basic-action', tokenId: 'sefa-wright', action: 'whack', targetId: 'archer-1' });
  go(SEFA, { kind: 'end-turn', tokenId: 'sefa-wright' }, 12);
  // The GM's hand: HP set in the panel, and an application taken back.
  overrideNumbers(docs, 'gladiator-2', { hp: 20 });
  const applied = readSnapshot(docs.public, docs.secrets).log.find((e) => /applies: Maren/.test(e.summary));
  if (applied && applicationOf(applied)) revertApplication(docs, applicationOf(applied)!);
  go(GM, { kind: 'end-combat' });
  updateCombatant(docs, 'sefa-wright', (s) => ({
    ...s,
    removedFromPlay: { cell: { x: 1, y: 4 }, returns: 'start-of-next-turn' },
  }));
  go(SEFA, { kind: 'return-to-play', tokenId: 'sefa-wright' });
  go(GM, { kind: 'adjust-hp', tokenId: 'sefa-wright', amount: -5, reason: 'a fall' });
  go(SEFA, { kind: 'drink-elixir', tokenId: 'sefa-wright' });
  go(IVO, { kind: 'surrender', tokenId: 'ivo-vagabond' });
  go(GM, { kind: 'interlude' });
  go(GM, { kind: 'new-expedition' });
  const sefa = readSnapshot(docs.public, docs.secrets).tokensById['sefa-wright']!.statBlock as {
    sheet?: unknown;
  };
  go(SEFA, { kind: 'edit-sheet', tokenId: 'sefa-wright', sheet: sefa.sheet });
  go(TOBIN, { kind: 'set-portrait', tokenId: 'tobin-mendicant', portrait: 'a'.repeat(64) });
  go(IVO, { kind: 'chat', text: 'well fought' });
  const drawn = go(GM, { kind: 'draw', shape: { kind: 'line', from: [1, 1], to: [3, 1] } });
  const drawingId = (drawn.outcome as { drawingId: string }).drawingId;
  go(GM, { kind: 'erase-drawing', drawingId });
  go(GM, { kind: 'draw', shape: { kind: 'line', from: [1, 2], to: [3, 2] } });
  go(GM, { kind: 'clear-drawings', scope: 'all' });
  go(IVO, { kind: 'roll', notation: 'save 2 boons' });
  return docs;
}
