import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import * as decoding from 'lib0/decoding';
// First: loaded after the server's modules or the registry, the doc rules meet a cycle.
import { readSettings } from '../../src/table/readDoc';
import type { IntentKind } from '../../src/schema/intent';
import { seededDice } from '../../src/lib/dice';
import type { RoomSettings } from '../../src/schema/settings';
import { setRoomSettings } from '../../src/table/writers/roomWriters';
import type { ServerFixture } from './helpers';
import { gmRevealsUnderFog } from './fogOn';
import { api, createRoom, RawClient, useTestServer, waitFor } from './helpers';
import { channelDocName } from '../../src/server/permissions';
import { ACTIONS } from '../../src/table/intents/actions';
import { foe, PARRY, pc } from '../table/fixtures';
import { sheet, wardenAbilities } from '../rules/sheetFixtures';

/**
 * Fog of war over EVERY registered action (docs/table/fog-of-war.md): the GM acts with a foe the
 * party cannot see — as actor, target or member — through each intent kind of the registry
 * (src/table/intents/actions.ts), and nothing of it reaches a player: not a frame of the public
 * doc, of presence or of their channel doc, not an HTTP answer. A kind added to the registry
 * fails here until it has a scenario below.
 */

/** 8×4, a wall down column 3 in rows 0–2 (tests/fixtures, shared with fogSecrecy and fog.spec). */
const FOG_YARD = JSON.parse(
  readFileSync(new URL('../fixtures/fog-yard-map.json', import.meta.url), 'utf8'),
) as unknown;

const FOE_ID = 'ogre-q7x';
const FOE_NAME = 'Gnarled Ogre';
const ABILITIES = ['Mossy Cudgel', 'Spore Cloud', 'Bark Skin', 'Root Snare'];
const OGRE = foe(FOE_NAME, {
  speed: 6,
  abilities: [
    {
      name: 'Mossy Cudgel',
      cost: '1-action',
      tags: { attack: true },
      range: 1,
      attack: { kind: 'melee', onHit: { damage: { tier: 'light' } } },
    },
    {
      name: 'Spore Cloud',
      cost: '1-action',
      tags: { attack: true },
      range: 3,
      area: { primary: { kind: 'blast', size: 1 } },
      attack: { kind: 'ranged', onHit: { damage: { tier: 'light' } } },
      areaEffect: { damage: { tier: 'fray' } },
    },
    { name: 'Bark Skin', cost: '1-action', effect: { vigor: 2 } },
    {
      name: 'Root Snare',
      cost: 'free',
      tags: { interrupt: 1 },
      trigger: { kind: 'moves-adjacent', who: 'foe' },
      range: 1,
      effect: { damage: { tier: 'fray' } },
    },
  ],
} as never);
const ANA = pc('Ana', { abilities: [PARRY] } as never);

/**
 * Ana at (0,1) sees nothing of x 4–7 in rows 0–2, nor (6,3), (7,3): every square the ogre stands
 * on, walks to or is named at in these scenarios is one of them.
 */
const DARK = /"x":[4-7],"y":[0-2][,}]|"x":[67],"y":3[,}]/;
const SECRET_WORDS = [FOE_ID, FOE_NAME, 'Moss Ogre', ...ABILITIES];
/** Ana's walk past the wall's end to (2,3), from where she sees (6,0), (7,0) and (7,1). */
const ANA_INTO_SIGHT = [
  { x: 0, y: 2 },
  { x: 0, y: 3 },
  { x: 1, y: 3 },
  { x: 2, y: 3 },
];

/**
 * Every value, string and map key in the sync payloads of `frames` (deleted items' keys too), and
 * every presence state relayed (awareness: count, then client, clock and JSON state each).
 */
function decodedValues(frames: readonly Buffer[]): string[] {
  const out: string[] = [];
  for (const frame of frames) {
    const decoder = decoding.createDecoder(frame);
    const type = decoding.readVarUint(decoder);
    if (type === 1) {
      const update = decoding.createDecoder(decoding.readVarUint8Array(decoder));
      for (let n = decoding.readVarUint(update); n > 0; n--) {
        decoding.readVarUint(update);
        decoding.readVarUint(update);
        out.push(decoding.readVarString(update));
      }
      continue;
    }
    if (type !== 0) continue;
    const step = decoding.readVarUint(decoder);
    if (step !== 1 && step !== 2) continue;
    for (const struct of Y.decodeUpdate(decoding.readVarUint8Array(decoder)).structs) {
      if (!(struct instanceof Y.Item)) continue;
      if (struct.parentSub) out.push(JSON.stringify(struct.parentSub));
      const content = struct.content as { arr?: unknown[]; str?: string; embed?: unknown };
      if (content.arr) out.push(...content.arr.map((v) => JSON.stringify(v)));
      if (content.str !== undefined) out.push(JSON.stringify(content.str));
      if (content.embed !== undefined) out.push(JSON.stringify(content.embed));
    }
  }
  return out;
}

/** What a player received that tells of the ogre: its id, name, abilities or a dark square. */
function leaksIn(sockets: Record<string, RawClient>, answers: readonly unknown[]): string[] {
  const found: string[] = [];
  for (const [where, socket] of Object.entries(sockets)) {
    const bytes = socket.allBytes().toString('latin1');
    for (const word of SECRET_WORDS) if (bytes.includes(word)) found.push(`${where} frames: "${word}"`);
    for (const value of decodedValues(socket.frames)) {
      if (SECRET_WORDS.some((w) => value.includes(w)) || DARK.test(value))
        found.push(`${where} value: ${value.slice(0, 300)}`);
    }
  }
  for (const answer of answers) {
    const text = JSON.stringify(answer);
    if (SECRET_WORDS.some((w) => text.includes(w)) || DARK.test(text))
      found.push(`HTTP answer: ${text.slice(0, 300)}`);
  }
  return found;
}

type Answer = { status: number; body: Record<string, unknown> };

interface FogTable {
  /** An intent from the GM (answers stay with the GM: never checked). */
  gm(intent: Record<string, unknown>): Promise<Answer>;
  /** An intent from Ana's player; the answer is recorded with what the player received. */
  player(intent: Record<string, unknown>): Promise<Answer>;
  /** The GM's page writes its room settings (the turn tracker's controls). */
  settings(patch: Partial<RoomSettings>): Promise<void>;
  /** The GM's page publishes presence (its provider's awareness). */
  presence(state: Record<string, unknown>): void;
  /** Ana's player's channel (a whisper or a handout to them). */
  readonly channel: string;
  /** The id of the GM-only log entry whose result waits for Apply (the server's secrets doc). */
  pendingLogId(): string;
  /** A token as the server's secrets doc holds it. */
  gmToken(id: string): { outOfSight?: string } | undefined;
  /** Every GM answer so far, for the failure message. */
  readonly gmAnswers: { intent: Record<string, unknown>; body: Record<string, unknown> }[];
}

/** What the GM (and Ana's player, probing) do with the ogre through one intent kind. */
type Scenario = (t: FogTable) => Promise<void>;

const ok = (a: Answer) => expect(a.body, JSON.stringify(a.body)).toMatchObject({ ok: true });

/** A player's probe naming the ogre must read exactly as one naming nobody. */
async function probe(t: FogTable, intent: (id: string) => Record<string, unknown>): Promise<void> {
  const real = await t.player(intent(FOE_ID));
  const none = await t.player(intent('nobody-zz'));
  expect(JSON.stringify(real.body).replaceAll(FOE_ID, '?')).toBe(
    JSON.stringify(none.body).replaceAll('nobody-zz', '?'),
  );
}

const startCombat = async (t: FogTable) => ok(await t.gm({ kind: 'start-combat' }));
const dark = (x: number, y: number) => ({ x, y });

/**
 * One scenario per registered kind: the GM performs it with the ogre (out of the party's sight at
 * (6,0)) as actor, target or member where the kind allows it, else beside it; where the rules
 * refuse (no line of sight to Ana), the refusal is the path checked.
 */
const SCENARIOS: { readonly [K in IntentKind]: Scenario } = {
  move: async (t) => {
    t.presence({
      cursor: dark(5, 1),
      drag: { tokenId: FOE_ID, cell: dark(5, 1) },
      ruler: { from: dark(6, 0), waypoints: [], to: dark(5, 1), tokenId: FOE_ID },
    });
    ok(await t.gm({ kind: 'move', tokenId: FOE_ID, path: [dark(6, 1), dark(5, 1)] }));
    ok(await t.gm({ kind: 'move', tokenId: FOE_ID, path: [dark(4, 1), dark(4, 2)], mode: 'run' }));
    t.presence({ cursor: null, drag: null, ruler: null });
    await probe(t, (id) => ({ kind: 'move', tokenId: id, path: [dark(1, 1)] }));
  },
  'undo-move': async (t) => {
    await startCombat(t);
    ok(await t.gm({ kind: 'move', tokenId: FOE_ID, path: [dark(6, 1), dark(5, 1)] }));
    ok(await t.gm({ kind: 'undo-move', tokenId: FOE_ID }));
    await probe(t, (id) => ({ kind: 'undo-move', tokenId: id }));
  },
  attack: async (t) => {
    await startCombat(t);
    // No line of sight to Ana: refused, to the GM only.
    await t.gm({ kind: 'attack', attackerId: FOE_ID, targetId: 'ana', abilityId: 'mossy-cudgel' });
    await t.gm({ kind: 'attack', attackerId: FOE_ID, targetId: 'ana', abilityId: 'basic-ranged' });
    await t.gm({ kind: 'attack', attackerId: 'ana', targetId: FOE_ID, abilityId: 'basic-ranged' });
    await probe(t, (id) => ({ kind: 'attack', attackerId: 'ana', targetId: id, abilityId: 'basic-ranged' }));
  },
  area: async (t) => {
    await startCombat(t);
    // A blast beside the ogre reaching squares Ana sees, and one reaching for Ana (out of range).
    ok(
      await t.gm({
        kind: 'area',
        casterId: FOE_ID,
        abilityId: 'spore-cloud',
        placement: { primary: { kind: 'blast', center: dark(5, 2) } },
      }),
    );
    await t.gm({
      kind: 'area',
      casterId: FOE_ID,
      abilityId: 'spore-cloud',
      placement: { primary: { kind: 'blast', center: { x: 1, y: 1 } } },
    });
  },
  effect: async (t) => {
    await startCombat(t);
    ok(await t.gm({ kind: 'effect', userId: FOE_ID, abilityId: 'bark-skin' }));
    await t.gm({ kind: 'effect', userId: FOE_ID, abilityId: 'root-snare', targetId: 'ana' });
    await probe(t, (id) => ({ kind: 'effect', userId: 'ana', abilityId: 'parry', targetId: id }));
  },
  save: async (t) => {
    ok(await t.gm({ kind: 'add-status', tokenId: FOE_ID, statusId: 'dazed' }));
    ok(await t.gm({ kind: 'save', tokenId: FOE_ID, statusId: 'dazed' }));
  },
  'start-turn': async (t) => {
    await startCombat(t);
    await t.gm({ kind: 'start-turn', tokenId: FOE_ID });
    await t.gm({ kind: 'start-turn', tokenId: FOE_ID, slow: true });
    ok(await t.player({ kind: 'start-turn', tokenId: 'ana' }));
    await probe(t, (id) => ({ kind: 'start-turn', tokenId: id }));
  },
  'end-turn': async (t) => {
    await startCombat(t);
    await t.gm({ kind: 'start-turn', tokenId: FOE_ID });
    await t.gm({ kind: 'end-turn', tokenId: FOE_ID });
    ok(await t.player({ kind: 'start-turn', tokenId: 'ana' }));
    ok(await t.player({ kind: 'end-turn', tokenId: 'ana' }));
    // The foes' side is up: the round goes on without the ogre.
    await t.gm({ kind: 'start-turn', tokenId: FOE_ID });
    await t.gm({ kind: 'end-turn', tokenId: FOE_ID });
    await t.player({ kind: 'start-turn', tokenId: 'ana' });
  },
  'basic-action': async (t) => {
    ok(await t.gm({ kind: 'basic-action', tokenId: FOE_ID, action: 'interact', note: 'sniffs the moss' }));
    await t.gm({ kind: 'basic-action', tokenId: FOE_ID, action: 'whack', targetId: 'ana' });
    await probe(t, (id) => ({ kind: 'basic-action', tokenId: 'ana', action: 'whack', targetId: id }));
  },
  'drink-elixir': async (t) => {
    ok(await t.gm({ kind: 'adjust-hp', tokenId: FOE_ID, amount: 5 }));
    await t.gm({ kind: 'drink-elixir', tokenId: FOE_ID });
  },
  surrender: async (t) => {
    await t.gm({ kind: 'surrender', tokenId: FOE_ID });
  },
  chat: async (t) => {
    ok(await t.gm({ kind: 'chat', text: 'Something creaks beyond the wall.' }));
    ok(await t.player({ kind: 'chat', text: 'I listen.' }));
    ok(await t.player({ kind: 'chat', text: 'What is it?', to: { kind: 'gm' } }));
  },
  roll: async (t) => {
    ok(await t.gm({ kind: 'roll', notation: '1d20', label: 'perception' }));
    ok(await t.gm({ kind: 'roll', notation: '1d6', to: { kind: 'gm' } }));
  },
  draw: async (t) => {
    // The GM's layer marks the ogre's square: it stays in the secrets doc.
    ok(
      await t.gm({
        kind: 'draw',
        layer: 'gm',
        shape: { kind: 'circle', center: [6.5, 0.5], radius: 1 },
      }),
    );
  },
  'erase-drawing': async (t) => {
    ok(
      await t.gm({
        kind: 'draw',
        layer: 'gm',
        shape: { kind: 'line', from: [6.5, 0.5], to: [5.5, 1.5] },
      }),
    );
    const drawn = t.gmAnswers.at(-1)!.body['outcome'] as { drawingId: string };
    ok(await t.gm({ kind: 'erase-drawing', drawingId: drawn.drawingId }));
  },
  'clear-drawings': async (t) => {
    ok(
      await t.gm({
        kind: 'draw',
        layer: 'gm',
        shape: { kind: 'rect', from: [6, 0], to: [7, 1] },
      }),
    );
    ok(await t.gm({ kind: 'clear-drawings', scope: 'all' }));
  },
  'apply-result': async (t) => {
    await t.settings({ applyResults: 'on-confirm' });
    await startCombat(t);
    ok(await t.gm({ kind: 'adjust-hp', tokenId: FOE_ID, amount: 5 }));
    ok(await t.gm({ kind: 'effect', userId: FOE_ID, abilityId: 'bark-skin' }));
    ok(await t.gm({ kind: 'apply-result', logId: t.pendingLogId() }));
  },
  'discard-result': async (t) => {
    await t.settings({ applyResults: 'on-confirm' });
    await startCombat(t);
    ok(await t.gm({ kind: 'effect', userId: FOE_ID, abilityId: 'bark-skin' }));
    ok(await t.gm({ kind: 'discard-result', logId: t.pendingLogId() }));
  },
  'adjust-hp': async (t) => {
    ok(await t.gm({ kind: 'adjust-hp', tokenId: FOE_ID, amount: 3, damageType: 'physical' }));
    ok(await t.gm({ kind: 'adjust-hp', tokenId: FOE_ID, amount: -2 }));
    ok(await t.gm({ kind: 'adjust-hp', tokenId: FOE_ID, amount: 999 }));
  },
  'force-move': async (t) => {
    ok(await t.gm({ kind: 'force-move', tokenId: FOE_ID, move: 'push', squares: 1, sourceCell: dark(7, 0) }));
    ok(await t.gm({ kind: 'force-move', tokenId: FOE_ID, move: 'shove', squares: 1, direction: 'south' }));
    await probe(t, (id) => ({ kind: 'force-move', tokenId: 'ana', move: 'push', squares: 1, sourceId: id }));
  },
  'add-status': async (t) => {
    ok(await t.gm({ kind: 'add-status', tokenId: FOE_ID, statusId: 'weakened' }));
    await probe(t, (id) => ({ kind: 'add-status', tokenId: id, statusId: 'dazed' }));
  },
  'remove-status': async (t) => {
    ok(await t.gm({ kind: 'add-status', tokenId: FOE_ID, statusId: 'weakened' }));
    ok(await t.gm({ kind: 'remove-status', tokenId: FOE_ID, statusId: 'weakened' }));
    await probe(t, (id) => ({ kind: 'remove-status', tokenId: id, statusId: 'weakened' }));
  },
  'add-blight': async (t) => {
    ok(await t.gm({ kind: 'add-blight', tokenId: FOE_ID, blightId: 'burning' }));
  },
  'remove-blight': async (t) => {
    ok(await t.gm({ kind: 'add-blight', tokenId: FOE_ID, blightId: 'poisoned' }));
    ok(await t.gm({ kind: 'remove-blight', tokenId: FOE_ID, blightId: 'poisoned' }));
  },
  reveal: async (t) => {
    // Revealed already (out of sight): refused. Hidden by the GM, then revealed where the party
    // cannot see it: it stays with the GM, marked, and so does the line saying it appears.
    expect((await t.gm({ kind: 'reveal', tokenId: FOE_ID })).body['ok']).toBe(false);
    ok(await t.gm({ kind: 'hide', tokenId: FOE_ID }));
    ok(await t.gm({ kind: 'reveal', tokenId: FOE_ID }));
    expect(t.gmToken(FOE_ID)?.outOfSight).toBe('stats-shown');
    ok(await t.gm({ kind: 'hide', tokenId: FOE_ID }));
    ok(await t.gm({ kind: 'reveal', tokenId: FOE_ID, keepStatsHidden: true }));
    expect(t.gmToken(FOE_ID)?.outOfSight).toBe('stats-hidden');
  },
  hide: async (t) => {
    // The GM hides the foe out of sight: no longer waiting for the party's sight, it stays hidden
    // when Ana steps where she would see it.
    ok(await t.gm({ kind: 'hide', tokenId: FOE_ID }));
    expect(t.gmToken(FOE_ID)).not.toHaveProperty('outOfSight');
    expect((await t.gm({ kind: 'hide', tokenId: FOE_ID })).body['ok']).toBe(false);
    ok(await t.player({ kind: 'move', tokenId: 'ana', path: ANA_INTO_SIGHT }));
  },
  'start-combat': async (t) => {
    await startCombat(t);
  },
  'end-combat': async (t) => {
    await startCombat(t);
    ok(await t.gm({ kind: 'add-status', tokenId: FOE_ID, statusId: 'weakened' }));
    ok(await t.gm({ kind: 'end-combat' }));
  },
  'return-to-play': async (t) => {
    await t.gm({ kind: 'return-to-play', tokenId: FOE_ID });
    await probe(t, (id) => ({ kind: 'return-to-play', tokenId: id }));
  },
  interlude: async (t) => {
    ok(await t.gm({ kind: 'adjust-hp', tokenId: FOE_ID, amount: 3 }));
    ok(await t.gm({ kind: 'interlude' }));
  },
  'new-expedition': async (t) => {
    ok(await t.gm({ kind: 'new-expedition' }));
  },
  'interrupt-offer': async (t) => {
    await startCombat(t);
    await t.gm({ kind: 'interrupt-offer', tokenId: FOE_ID, abilityId: 'root-snare', action: 'offer' });
    await t.gm({ kind: 'interrupt-offer', tokenId: FOE_ID, abilityId: 'root-snare', action: 'decline' });
    await t.gm({ kind: 'interrupt-offer', tokenId: 'ana', abilityId: 'parry', action: 'offer' });
    await probe(t, (id) => ({
      kind: 'interrupt-offer',
      tokenId: id,
      abilityId: 'root-snare',
      action: 'decline',
    }));
  },
  'edit-sheet': async (t) => {
    await t.gm({
      kind: 'edit-sheet',
      tokenId: FOE_ID,
      sheet: sheet({}, wardenAbilities(2)),
      name: 'Moss Ogre',
    });
    await probe(t, (id) => ({ kind: 'edit-sheet', tokenId: id, sheet: sheet({}, wardenAbilities(2)) }));
  },
  'set-portrait': async (t) => {
    await t.gm({ kind: 'set-portrait', tokenId: FOE_ID, portrait: null });
    await probe(t, (id) => ({ kind: 'set-portrait', tokenId: id, portrait: null }));
  },
  'show-handout': async (t) => {
    ok(await t.gm({ kind: 'show-handout', title: 'Moss', text: 'The wall is damp.' }));
    ok(
      await t.gm({
        kind: 'show-handout',
        title: 'Footprints',
        text: 'Large prints lead east.',
        to: { kind: 'player', channel: t.channel },
      }),
    );
  },
};

/** A fresh fog room: Ana at (0,1), the ogre revealed at (6,0) behind the wall, out of her sight. */
async function fogRoom(server: ServerFixture, vision: 'party' | 'per-player') {
  const { roomId, gmToken } = await createRoom(server.origin, {
    map: FOG_YARD,
    party: { schemaVersion: 1, kind: 'party', name: 'P', characters: [ANA] },
    encounter: {
      schemaVersion: 1,
      kind: 'encounter',
      name: 'Behind the wall',
      map: 'fog.json',
      chapter: 1,
      foes: [{ id: FOE_ID, statBlock: OGRE, cell: { x: 6, y: 0 } }],
      partyStarts: [{ x: 0, y: 1 }],
    },
  });
  const { gm, gmSecrets, docs, room } = await gmRevealsUnderFog(server, roomId, gmToken, vision, FOE_ID);
  const invited = await api<{ token: string; id: string }>(server.origin, `/api/rooms/${roomId}/invites`, {
    token: gmToken,
    body: { name: 'Ana’s player', characterIds: ['ana'] },
  });
  const playerToken = invited.body.token;
  const sockets = {
    'public doc and presence': RawClient.connect(server.wsUrl, roomId, playerToken),
    'channel doc': RawClient.connect(server.wsUrl, channelDocName(roomId, invited.body.id), playerToken),
  };
  await Promise.all(Object.values(sockets).map((s) => s.opened));
  for (const s of Object.values(sockets)) s.requestState();
  const pub = sockets['public doc and presence'];
  await waitFor(() => pub.allBytes().includes(Buffer.from('Fog yard')), 'the room state');

  const answers: unknown[] = [];
  const gmAnswers: FogTable['gmAnswers'] = [];
  const intents = `/api/rooms/${roomId}/intents`;
  const table: FogTable = {
    channel: invited.body.id,
    gmAnswers,
    pendingLogId() {
      const log = room.secrets.doc.getArray('log').toJSON() as { id: string; pending?: { status: string } }[];
      const entry = log.findLast((e) => e.pending?.status === 'pending');
      if (!entry) throw new Error('no result waits for Apply');
      return entry.id;
    },
    gmToken: (id) => room.secrets.doc.getMap('tokens').get(id) as { outOfSight?: string } | undefined,
    async gm(intent) {
      const answer = await api(server.origin, intents, { token: gmToken, body: intent });
      gmAnswers.push({ intent, body: answer.body });
      // A refusal is an answer; a handler that throws is a bug whatever fog does.
      expect(answer.status, `${JSON.stringify(intent)}: ${JSON.stringify(answer.body)}`).toBeLessThan(500);
      return answer;
    },
    async player(intent) {
      const answer = await api(server.origin, intents, { token: playerToken, body: intent });
      answers.push(answer.body);
      return answer;
    },
    async settings(patch) {
      const settings = { ...readSettings(gm.doc, []), ...patch };
      setRoomSettings(docs, settings);
      await waitFor(
        () => JSON.stringify(readSettings(room.public.doc, [])) === JSON.stringify(settings),
        'the settings on the server',
      );
    },
    presence(state) {
      gm.provider.awareness.setLocalState({
        ...(gm.provider.awareness.getLocalState() ?? {}),
        user: { name: 'GM', role: 'gm', color: '#888888' },
        ...state,
      });
    },
  };
  /** Everything sent so far has reached the player: a last line on each of their docs. */
  let marks = 1;
  const drained = async (mark: string) => {
    await table.gm({ kind: 'chat', text: mark });
    await table.gm({ kind: 'chat', text: mark, to: { kind: 'player', channel: invited.body.id } });
    await waitFor(() => pub.allBytes().includes(Buffer.from(mark)), `${mark} in the public doc`);
    const channel = sockets['channel doc'];
    await waitFor(() => channel.allBytes().includes(Buffer.from(mark)), `${mark} in the channel doc`);
    // Presence is relayed on its own path: a ping stamped with this mark, once it is here, all
    // earlier presence is too.
    const at = marks++;
    table.presence({ ping: { cell: { x: 0, y: 3 }, at } });
    await waitFor(() => pub.allBytes().includes(Buffer.from(`"at":${at}}`)), `${mark}'s ping`);
  };
  const close = () => {
    for (const s of Object.values(sockets)) s.ws.close();
    gm.destroy();
    gmSecrets.destroy();
  };
  return { table, sockets, answers, drained, close, room, anaMoves: playerToken };
}

describe('fog of war over every registered action (docs/table/fog-of-war.md)', () => {
  const server = useTestServer(seededDice(7), { roomsPerHour: 0 });

  it('every intent kind of the registry has a scenario', () => {
    const missing = Object.keys(ACTIONS).filter((k) => !Object.hasOwn(SCENARIOS, k));
    expect(
      missing,
      `intent kinds without a fog scenario in ${import.meta.url}: ${missing.join(', ')}`,
    ).toEqual([]);
  });

  // Both ways of fog: the party's sight, and each player's own (Ana's player's channel then
  // carries the server's copies of what she alone sees: never the ogre).
  for (const vision of ['party', 'per-player'] as const)
    for (const kind of Object.keys(ACTIONS) as IntentKind[]) {
      it(`${kind} (${vision} fog): nothing of the ogre out of sight reaches the player`, async () => {
        const scenario = SCENARIOS[kind];
        if (!scenario) throw new Error(`intent kind '${kind}' has no fog scenario: add one to SCENARIOS`);
        const { table, sockets, answers, drained, close } = await fogRoom(server, vision);
        try {
          await scenario(table);
          await drained(`end of ${kind}`);
          const leaks = leaksIn(sockets, answers);
          expect(
            leaks,
            `${kind} leaked to the player:\n${leaks.join('\n')}\nGM answers: ${JSON.stringify(table.gmAnswers)}`,
          ).toEqual([]);
        } finally {
          close();
        }
      });
    }

  it('positive control: Ana steps past the wall’s end and the ogre reaches her player', async () => {
    const { table, sockets, answers, drained, close } = await fogRoom(server, 'party');
    try {
      ok(await table.gm({ kind: 'move', tokenId: FOE_ID, path: [dark(7, 0)] }));
      await drained('before');
      expect(leaksIn(sockets, answers)).toEqual([]);
      ok(await table.player({ kind: 'move', tokenId: 'ana', path: ANA_INTO_SIGHT }));
      await drained('after');
      const leaks = leaksIn(sockets, answers);
      expect(leaks.some((l) => l.includes(FOE_NAME))).toBe(true);
      expect(leaks.some((l) => l.includes(`value: "${FOE_ID}"`))).toBe(true);
      expect(leaks.some((l) => /"x":7,"y":0/.test(l))).toBe(true);
      // Presence is read too: the GM's cursor (where the GM points, always relayed) is found.
      table.presence({ cursor: dark(7, 1) });
      await drained('pointed');
      expect(leaksIn(sockets, answers).some((l) => l.includes('"cursor":{"x":7,"y":1}'))).toBe(true);
    } finally {
      close();
    }
  });
});
