import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { encodeSyncUpdate } from '../../src/server/protocol';
import { channelDocName } from '../../src/server/permissions';
import { initialUpdates, MAX_LOADED_CHANNELS, RoomManager } from '../../src/server/RoomManager';
import { SqliteStorage } from '../../src/server/storage/sqliteStorage';
import { Store } from '../../src/server/store';
import { channelRootsOf } from '../../src/table/docLayout';
import { connectTable } from '../../src/table/client';
import type { TableConnection } from '../../src/table/client';
import { spawnChildServer, type ChildServer } from './childServer';
import { api, createRoom, RawClient, useTestServer, waitFor } from './helpers';

/**
 * Whispers (docs/table.md "Channels"): a whispered line reaches its writer, its reader and the GM,
 * and NOTHING of it reaches anyone else: not a websocket frame (doc, presence, channel), not an
 * HTTP answer, not a line of the server's output. The real server in a child process, so its
 * stdout and stderr are read too, and it can be killed with SIGKILL.
 */
describe('whispers reach nobody else', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'icon-vtt-whispers-'));
  const children: ChildServer[] = [];
  const connections: TableConnection[] = [];
  afterAll(() => {
    connections.forEach((c) => c.destroy());
    children.forEach((child) => child.process.exitCode === null && child.process.kill('SIGKILL'));
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async () => {
    const child = await spawnChildServer(dataDir, { args: ['--no-demo'] });
    children.push(child);
    return child;
  };

  /** Every frame any socket of one person receives, in order. */
  const frames = new Map<string, Buffer[]>();
  /** Every HTTP answer one person received, as text. */
  const answers = new Map<string, string[]>();
  const heard = (who: string) => Buffer.concat(frames.get(who) ?? []);
  const recordingSocket = (who: string) => {
    const seen = frames.get(who) ?? [];
    frames.set(who, seen);
    return class extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols);
        this.on('message', (data: Buffer | ArrayBuffer) => seen.push(Buffer.from(data as ArrayBuffer)));
      }
    };
  };
  const call = async (origin: string, who: string, path: string, token: string, body?: unknown) => {
    const answer = await api<Record<string, unknown>>(origin, path, {
      token,
      ...(body === undefined ? {} : { body }),
    });
    answers.set(who, [...(answers.get(who) ?? []), JSON.stringify(answer.body)]);
    return answer;
  };
  const enter = async (origin: string, roomId: string, who: string, token: string) => {
    const connection = await connectTable({
      serverUrl: origin,
      roomId,
      token,
      WebSocketPolyfill: recordingSocket(who),
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        const text = await response.clone().text();
        answers.set(who, [...(answers.get(who) ?? []), text]);
        return response;
      },
    });
    connections.push(connection);
    await connection.whenSynced;
    return connection;
  };
  const chatOf = (connection: TableConnection) => connection.snapshot().chat.map((line) => line.text);

  const MOTH = 'I keep the moth-key for myself';
  const TRAPDOOR = 'a trapdoor opens under you';
  const AMBUSH = 'ambush-at-round-three';
  const AFTER = 'whispered just before the crash';
  const HIDDEN_ROLL = 'the-lich-saves-against-fear';

  it('A → GM, GM → B, the GM’s private line and roll: only the writer, the reader and the GM ever receive them', async () => {
    const server = await start();
    const { origin } = server;
    const wsUrl = origin.replace('http', 'ws') + '/ws';
    const { roomId, gmToken } = await createRoom(origin);
    const inviteOf = async (name: string) => {
      const { body } = await api<{ token: string; id: string }>(origin, `/api/rooms/${roomId}/invites`, {
        token: gmToken,
        body: { name, characterIds: [] },
      });
      return body;
    };
    const [ana, bo, cy] = [await inviteOf('Ana'), await inviteOf('Bo'), await inviteOf('Cy')];

    const gm = await enter(origin, roomId, 'gm', gmToken);
    const a = await enter(origin, roomId, 'a', ana.token);
    const b = await enter(origin, roomId, 'b', bo.token);
    const c = await enter(origin, roomId, 'c', cy.token);
    expect(gm.session).not.toHaveProperty('channel');
    expect(a.session.channel).toBe(ana.id);
    expect(b.session.channel).toBe(bo.id);

    // Player A whispers to the GM (with an idempotency key B will try to reuse).
    const whisper = { kind: 'chat', text: MOTH, to: { kind: 'gm' }, idempotencyKey: 'k'.repeat(32) };
    const intents = `/api/rooms/${roomId}/intents`;
    expect((await call(origin, 'a', intents, ana.token, whisper)).body).toMatchObject({ ok: true });
    // The same key from another link is that link's own intent, never A's answer.
    const reuse = { kind: 'chat', text: 'hello all', idempotencyKey: 'k'.repeat(32) };
    expect((await call(origin, 'b', intents, bo.token, reuse)).body).toEqual({
      ok: true,
      outcome: { kind: 'chat', from: 'Bo', text: 'hello all' },
    });
    // The GM whispers to B, and keeps a private line.
    const toBo = { kind: 'chat', text: TRAPDOOR, to: { kind: 'player', channel: bo.id } };
    expect(await gm.sendIntent(toBo)).toMatchObject({ ok: true });
    expect(await gm.sendIntent({ kind: 'chat', text: AMBUSH, to: { kind: 'gm' } })).toMatchObject({
      ok: true,
    });
    // …and rolls privately (/gmr), the label carrying the words.
    const privateRoll = { kind: 'roll', notation: '3d6', label: HIDDEN_ROLL, to: { kind: 'gm' } };
    expect(await gm.sendIntent(privateRoll)).toMatchObject({ ok: true, outcome: { kind: 'roll' } });
    // Refusals, in words.
    expect(
      await gm.sendIntent({ kind: 'chat', text: 'x', to: { kind: 'player', channel: 'cccccccccccc' } }),
    ).toEqual({
      ok: false,
      reason: 'no such player in this room',
    });
    expect(await c.sendIntent({ kind: 'chat', text: 'x', to: { kind: 'player', channel: bo.id } })).toEqual({
      ok: false,
      reason: 'players whisper to the GM only',
    });
    // Everyone asks the server who they are and what the room is, after the whispers.
    for (const [who, token] of [
      ['a', ana.token],
      ['b', bo.token],
      ['c', cy.token],
    ] as const) {
      await call(origin, who, '/api/session', token);
      await call(origin, who, `/api/rooms/${roomId}/export`, token);
      await call(origin, who, `/api/rooms/${roomId}/invites`, token);
    }
    // A last public line: once everyone has it, every earlier frame has arrived too.
    expect(await gm.sendIntent({ kind: 'chat', text: 'last call' })).toMatchObject({ ok: true });
    for (const who of [gm, a, b, c]) await waitFor(() => chatOf(who).includes('last call'), 'the last line');
    await waitFor(() => chatOf(gm).includes(AMBUSH) && chatOf(b).includes(TRAPDOOR), 'the whispers');
    await new Promise((resolve) => setTimeout(resolve, 300));

    // What each reader's table shows.
    expect(chatOf(gm)).toEqual([MOTH, 'hello all', TRAPDOOR, AMBUSH, HIDDEN_ROLL, 'last call']);
    expect(gm.snapshot().chat.find((l) => l.text === HIDDEN_ROLL)?.roll?.notation).toBe('3d6');
    expect(gm.snapshot().chat.find((l) => l.text === TRAPDOOR)?.to).toEqual({
      kind: 'player',
      channel: bo.id,
      name: 'Bo',
    });
    expect(chatOf(a)).toEqual([MOTH, 'hello all', 'last call']);
    expect(chatOf(b)).toEqual(['hello all', TRAPDOOR, 'last call']);
    expect(chatOf(c)).toEqual(['hello all', 'last call']);

    // What each one's sockets ever received, byte for byte.
    const contains = (bytes: Buffer, words: string) => bytes.includes(Buffer.from(words, 'utf8'));
    for (const words of [MOTH, TRAPDOOR, AMBUSH, HIDDEN_ROLL])
      expect(contains(heard('gm'), words)).toBe(true);
    expect(contains(heard('a'), MOTH)).toBe(true);
    expect(contains(heard('b'), TRAPDOOR)).toBe(true);
    const never: [string, string[]][] = [
      ['a', [TRAPDOOR, AMBUSH, HIDDEN_ROLL]],
      ['b', [MOTH, AMBUSH, HIDDEN_ROLL]],
      ['c', [MOTH, TRAPDOOR, AMBUSH, HIDDEN_ROLL]],
    ];
    for (const [who, secret] of never)
      for (const words of secret) {
        expect(contains(heard(who), words), `${who} received "${words}" over a websocket`).toBe(false);
        const http = (answers.get(who) ?? []).join('\n');
        expect(http.includes(words), `${who} received "${words}" over HTTP`).toBe(false);
      }
    // Only A was answered with A's words (its own intent).
    expect((answers.get('a') ?? []).join('\n')).toContain(MOTH);
    for (const words of [MOTH, TRAPDOOR, AMBUSH, HIDDEN_ROLL])
      expect(server.output().includes(words), `the server printed "${words}"`).toBe(false);

    // Nobody opens a channel but its own player: not another player, not the GM, not a made-up one.
    const status = async (docName: string, token: string) => {
      const raw = RawClient.connect(wsUrl, docName, token);
      await raw.closed;
      return raw.upgradeStatus;
    };
    expect(await status(`${roomId}~to~${bo.id}`, ana.token)).toBe(403);
    expect(await status(`${roomId}~secrets`, ana.token)).toBe(403);
    expect(await status(`${roomId}~to~cccccccccccc`, ana.token)).toBe(403);
    expect(await status(`${roomId}~to~${bo.id}`, gmToken)).toBe(403);
    expect(await status(`${roomId}~to~not-a-channel`, bo.token)).toBe(403);

    // A player who reconnects gets their whisper history from their channel.
    b.destroy();
    const again = await enter(origin, roomId, 'b-again', bo.token);
    expect(chatOf(again)).toEqual(['hello all', TRAPDOOR, 'last call']);

    // Revoking an invite closes its channel socket too (4401), and its channel is gone.
    const revoked = new Promise<string>((resolve) => c.onRevoked(resolve));
    const revoke = await api(origin, `/api/rooms/${roomId}/invites/${cy.id}`, {
      method: 'DELETE',
      token: gmToken,
    });
    expect(revoke.status).toBe(200);
    expect(await revoked).toBe('invite revoked');
    await waitFor(
      () => c.providers.every((p) => !p.wsconnected),
      'every socket of the revoked invite closed',
    );
    expect(await gm.sendIntent({ kind: 'chat', text: 'x', to: { kind: 'player', channel: cy.id } })).toEqual({
      ok: false,
      reason: 'no such player in this room',
    });

    // kill -9 right after an acknowledged whisper: it is on disk for both its readers.
    const late = { kind: 'chat', text: AFTER, to: { kind: 'player', channel: bo.id } };
    expect((await call(origin, 'gm', intents, gmToken, late)).body).toMatchObject({ ok: true });
    const exited = new Promise((resolve) => server.process.once('exit', resolve));
    server.process.kill('SIGKILL');
    await exited;
    connections.forEach((connection) => connection.destroy());
    const restarted = await start();
    const bAfter = await enter(restarted.origin, roomId, 'b-after', bo.token);
    const gmAfter = await enter(restarted.origin, roomId, 'gm-after', gmToken);
    expect(chatOf(bAfter)).toEqual(['hello all', TRAPDOOR, 'last call', AFTER]);
    expect(chatOf(gmAfter)).toContain(AFTER);
    const aAfter = await enter(restarted.origin, roomId, 'a-after', ana.token);
    expect(chatOf(aAfter)).toEqual([MOTH, 'hello all', 'last call']);
    expect(heard('a-after').includes(Buffer.from(AFTER))).toBe(false);
  }, 60_000);
});

describe('a player’s channel doc on the server', () => {
  const server = useTestServer();

  it('is read-only for its player: a write is refused (4403) and changes nothing', async () => {
    const { roomId, gmToken } = await createRoom(server.origin);
    const { body } = await api<{ token: string; id: string }>(server.origin, `/api/rooms/${roomId}/invites`, {
      token: gmToken,
      body: { name: 'Ana', characterIds: [] },
    });
    const raw = RawClient.connect(server.wsUrl, channelDocName(roomId, body.id), body.token);
    await raw.opened;
    const forged = new Y.Doc();
    channelRootsOf(forged).chat.push([{ id: 'c1', at: 1, from: 'GM', text: 'you found a legendary sword' }]);
    raw.send(encodeSyncUpdate(Y.encodeStateAsUpdate(forged)));
    expect(await raw.closed).toBe(4403);
    expect(raw.closeReason).toBe('players cannot write the table; send an intent');
    expect(channelRootsOf(server.room(roomId).channel(body.id)!.doc).chat.length).toBe(0);
  });
});

describe('channel docs in the room manager', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const ANA = 'aaaaaaaaaaaa';
  const BO = 'bbbbbbbbbbbb';
  /** A room with two player invites, whose channels are ANA's and BO's. */
  const setup = async () => {
    const dir = mkdtempSync(join(tmpdir(), 'icon-vtt-channels-'));
    dirs.push(dir);
    const store = new Store(dir, 'process');
    const storage = new SqliteStorage(store);
    const rooms = new RoomManager(storage, 0);
    await rooms.create(
      'r',
      initialUpdates(() => {}),
      {},
      (batch) =>
        [ANA, BO].forEach((channel, i) =>
          batch.insertToken({
            tokenHash: channel + String(i).repeat(52),
            roomId: 'r',
            role: 'player',
            name: channel === ANA ? 'Ana' : 'Bo',
            characterIds: [],
          }),
        ),
    );
    return { store, storage, rooms };
  };
  const say = (doc: Y.Doc, text: string) =>
    channelRootsOf(doc).chat.push([{ id: text, at: 1, from: 'GM', text }]);

  it('are stored, compacted and unloaded with their room, and read back', async () => {
    const { store, storage, rooms } = await setup();
    const room = (await rooms.load('r'))!;
    say(room.channel(ANA)!.doc, 'one');
    say(room.channel(ANA)!.doc, 'two');
    await rooms.commits.stored();
    expect(store.countUpdates(channelDocName('r', ANA))).toBe(2);
    rooms.unloadIdle(Date.now() + 1000);
    expect(rooms.loadedCount).toBe(0);
    await waitFor(() => store.countUpdates(channelDocName('r', ANA)) === 1, 'the channel compacted', 10_000);
    const again = (await rooms.load('r'))!.channel(ANA)!.doc;
    expect(
      channelRootsOf(again)
        .chat.toJSON()
        .map((l: { text: string }) => l.text),
    ).toEqual(['one', 'two']);
    await rooms.close();
    await storage.close();
  });

  it('a revoked invite’s channel is forgotten: unloaded and its rows deleted, loaded or not', async () => {
    const { store, storage, rooms } = await setup();
    const room = (await rooms.load('r'))!;
    say(room.channel(ANA)!.doc, 'one');
    say(room.channel(BO)!.doc, 'two');
    await rooms.commits.stored();
    await rooms.forgetChannel('r', ANA);
    expect(store.countUpdates(channelDocName('r', ANA))).toBe(0);
    expect(channelRootsOf(room.channel(ANA)!.doc).chat.length).toBe(0);
    rooms.unloadIdle(Date.now() + 1000);
    await rooms.forgetChannel('r', BO);
    expect(store.countUpdates(channelDocName('r', BO))).toBe(0);
    await rooms.close();
    await storage.close();
  });

  it(`keeps at most ${MAX_LOADED_CHANNELS} loaded: past it a new channel is refused, loaded ones stay`, async () => {
    const { storage, rooms } = await setup();
    const room = (await rooms.load('r'))!;
    const ids = Array.from({ length: MAX_LOADED_CHANNELS - 2 }, (_, i) => i.toString(16).padStart(12, '0'));
    for (const id of ids) expect(room.channel(id)).toBeDefined();
    say(room.channel(ANA)!.doc, 'kept');
    expect(room.docs).toHaveLength(2 + MAX_LOADED_CHANNELS);
    expect(room.channel('ffffffffffff')).toBeUndefined();
    expect(channelRootsOf(room.channel(ANA)!.doc).chat.length).toBe(1);
    await rooms.close();
    await storage.close();
  });
});
