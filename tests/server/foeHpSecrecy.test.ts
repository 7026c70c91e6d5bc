import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import * as decoding from 'lib0/decoding';
import { fixedDice } from '../../src/lib/dice';
import { setRoomSettings } from '../../src/table/writers/roomWriters';
import { readSettings } from '../../src/table/readDoc';
import { readSnapshot } from '../../src/table/snapshot';
import type { TableDocs } from '../../src/table/docLayout';
import {
  api,
  connectClient,
  createRoom,
  invite,
  RawClient,
  TEST_MAP,
  useTestServer,
  waitFor,
} from './helpers';
import { encounter, foe, party, pc } from '../table/fixtures';

/**
 * Room setting `foeHp` (issue 12, dead end 14): players learn a foe's HP only as the room says.
 * Brute: Health 13, so 52 max HP, numbers no player character has (Ana: Health 10, 40 HP).
 */
const BRUTE = foe('Brute', { health: 13 });

/**
 * Every value the server ever sent in these frames, deleted ones too. (An update names a map key
 * only for a key's first value, so values are told apart by their own `id`.)
 */
function sentValues(frames: readonly Buffer[]): unknown[] {
  const out: unknown[] = [];
  for (const frame of frames) {
    const decoder = decoding.createDecoder(frame);
    if (decoding.readVarUint(decoder) !== 0) continue;
    const step = decoding.readVarUint(decoder);
    if (step !== 1 && step !== 2) continue;
    for (const struct of Y.decodeUpdate(decoding.readVarUint8Array(decoder)).structs) {
      if (!(struct instanceof Y.Item)) continue;
      const content = struct.content as { arr?: unknown[]; str?: string };
      for (const value of content.arr ?? (content.str !== undefined ? [content.str] : [])) out.push(value);
    }
  }
  return out;
}

/** The Brute as the player's synced public doc shows it. */
function playerView(player: RawClient) {
  const doc = new Y.Doc();
  player.replayInto(doc);
  return readSnapshot(doc).tokensById['brute'];
}

/** A number as a whole word in text (ids and times are longer runs of digits and letters). */
const mentions = (text: string, n: number): boolean => new RegExp(`\\b${n}\\b`).test(text);

async function bruteRoom(server: ReturnType<typeof useTestServer>) {
  const { roomId, gmToken } = await createRoom(server.origin, {
    map: TEST_MAP,
    party: party(pc('Ana')),
    encounter: encounter([{ id: 'brute', statBlock: BRUTE, cell: { x: 1, y: 1 } }], [{ x: 0, y: 1 }]),
  });
  const gm = connectClient(server.wsUrl, roomId, gmToken);
  const gmSecrets = connectClient(server.wsUrl, `${roomId}~secrets`, gmToken);
  server.keep(gm, gmSecrets);
  await Promise.all([gm.synced, gmSecrets.synced]);
  const gmDocs: TableDocs = { public: gm.doc, secrets: gmSecrets.doc };
  const anaToken = await invite(server.origin, roomId, gmToken, 'Ana’s player', ['ana']);
  const player = RawClient.connect(server.wsUrl, roomId, anaToken);
  await player.opened;
  player.requestState();
  const gmIntent = (body: unknown) =>
    api<Record<string, unknown>>(server.origin, `/api/rooms/${roomId}/intents`, { token: gmToken, body });
  const playerIntent = (body: unknown) =>
    api<Record<string, unknown>>(server.origin, `/api/rooms/${roomId}/intents`, { token: anaToken, body });
  return { roomId, gmDocs, player, gmIntent, playerIntent, room: () => server.room(roomId) };
}

describe('foe HP a player receives, over the real server', () => {
  // Ana's d20 15 (+2 = 17 ≥ Defense 9: a hit), then her damage dice.
  const server = useTestServer(fixedDice([15, 6, 6, 6, 6, 6, 6, 6, 6]));

  it("'bloodied' (the default): no frame and no HTTP answer a player gets holds the Brute's HP; the GM's do", async () => {
    const { gmDocs, player, gmIntent, playerIntent, room } = await bruteRoom(server);
    expect(readSettings(room().public.doc, []).foeHp).toBe('bloodied');
    expect((await gmIntent({ kind: 'reveal', tokenId: 'brute' })).body).toMatchObject({ ok: true });
    // 52 → 27: not yet bloodied (27 × 2 ≥ 52). The GM's answer carries the numbers.
    const hurt = await gmIntent({ kind: 'adjust-hp', tokenId: 'brute', amount: 25, reason: 'trap' });
    expect(hurt.body).toMatchObject({ ok: true, outcome: { hpBefore: 52, hpAfter: 27 } });
    const attack = await playerIntent({
      kind: 'attack',
      attackerId: 'ana',
      targetId: 'brute',
      abilityId: 'basic-melee',
    });
    expect(attack.status).toBe(200);
    expect(attack.body['ok']).toBe(true);
    await waitFor(() => {
      const state = readSnapshot(room().public.doc, room().secrets.doc).tokensById['brute']?.state;
      return !!state && state.hp < 27;
    }, 'the hit applied');
    const hpNow = readSnapshot(room().public.doc, room().secrets.doc).tokensById['brute']!.state!.hp;
    const dealt = 27 - hpNow;
    await waitFor(
      () => player.allBytes().includes(Buffer.from(`Brute takes ${dealt} damage (bloodied)`)),
      'the public line says the damage and that the Brute is bloodied',
    );
    await new Promise((resolve) => setTimeout(resolve, 100));

    // Everything the player's socket carried, deleted values included.
    const values = sentValues(player.frames);
    const brute = (v: unknown): v is Record<string, unknown> =>
      typeof v === 'object' && v !== null && (v as { id?: unknown }).id === 'brute';
    for (const value of values) {
      if (brute(value)) {
        expect(value).not.toHaveProperty('hp');
        expect(value).not.toHaveProperty('vigor');
        expect(value).not.toHaveProperty('wounds');
      }
    }
    const text = JSON.stringify(values);
    const answer = JSON.stringify(attack.body);
    for (const n of [52, 27, hpNow]) {
      expect(mentions(text, n), `player frames mention ${n}`).toBe(false);
      expect(mentions(answer, n), `player answer mentions ${n}`).toBe(false);
    }
    // What the player does learn: bloodied, and the damage dealt.
    const face = values.find((v) => brute(v) && v['bloodied'] === true);
    expect(face).toBeDefined();
    expect(playerView(player)).toMatchObject({ hpHidden: true, bloodied: true, maxHp: null });

    // The GM reads the exact numbers (secrets doc) and the full log line.
    const gmSeen = readSnapshot(gmDocs.public, gmDocs.secrets);
    await waitFor(
      () => readSnapshot(gmDocs.public, gmDocs.secrets).tokensById['brute']?.state?.hp === hpNow,
      'GM synced',
    );
    expect(gmSeen.tokensById['brute']!.hpHidden).toBe(false);
    expect(JSON.stringify(room().secrets.doc.getArray('log').toJSON())).toMatch(
      new RegExp(`HP 27 → ${hpNow}`),
    );
    player.ws.close();
  });

  it("switching to 'hidden', 'exact' and back moves the numbers in and out of the players' doc", async () => {
    const { gmDocs, player, gmIntent, room } = await bruteRoom(server);
    expect((await gmIntent({ kind: 'reveal', tokenId: 'brute' })).body).toMatchObject({ ok: true });
    await gmIntent({ kind: 'adjust-hp', tokenId: 'brute', amount: 30, reason: 'trap' }); // 52 → 22: bloodied
    await waitFor(() => gmDocs.secrets!.getMap('combatants').has('brute'), 'GM synced');
    const pub = () => room().public.doc;
    const faceOf = () => pub().getMap('shownStates').get('brute') as Record<string, unknown> | undefined;
    expect(pub().getMap('combatants').has('brute')).toBe(false);
    expect(faceOf()).toMatchObject({ bloodied: true });

    setRoomSettings(gmDocs, { ...readSettings(gmDocs.public, []), foeHp: 'hidden' });
    await waitFor(() => faceOf() !== undefined && !('bloodied' in faceOf()!), "the face without 'bloodied'");
    expect(pub().getMap('combatants').has('brute')).toBe(false);

    setRoomSettings(gmDocs, { ...readSettings(gmDocs.public, []), foeHp: 'exact' });
    await waitFor(() => pub().getMap('combatants').has('brute'), 'the exact state in the public doc');
    expect(pub().getMap('combatants').get('brute')).toMatchObject({ hp: 22 });
    expect(faceOf()).toBeUndefined();
    expect(room().secrets.doc.getMap('combatants').has('brute')).toBe(false);
    await waitFor(() => playerView(player)?.hpHidden === false, "the player's copy updated");
    expect(playerView(player)).toMatchObject({ hpHidden: false, maxHp: 52, state: { hp: 22 } });

    setRoomSettings(gmDocs, { ...readSettings(gmDocs.public, []), foeHp: 'bloodied' });
    await waitFor(() => !pub().getMap('combatants').has('brute'), 'the exact state gone again');
    expect(faceOf()).toMatchObject({ bloodied: true });
    expect(room().secrets.doc.getMap('combatants').get('brute')).toMatchObject({ hp: 22 });
    await waitFor(() => playerView(player)?.hpHidden === true, "the player's copy updated again");
    expect(playerView(player)).toMatchObject({ bloodied: true, maxHp: null, state: { hp: 0 } });
    player.ws.close();
  });
});
