import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/server/auth';
import { channelDocName } from '../../src/server/permissions';
import { Store } from '../../src/server/store';
import { connectTable, type TableConnection } from '../../src/table/client';
import { spawnChildServer, type ChildServer } from './childServer';
import { api, createRoom, RawClient, useTempDirs, useTestServer, waitFor } from './helpers';

interface Invite {
  id: string;
  name: string;
  characterIds: string[];
}

interface NewLink {
  ok: boolean;
  reason?: string;
  invite?: Invite;
  token?: string;
  link?: string;
}

const chatOf = (connection: TableConnection) => connection.snapshot().chat.map((line) => line.text);

/**
 * "New link" (issue 32): the GM gives an existing invite a new token. The old link stops at once
 * (401, its sockets closed with 4401), the new one opens the same invite: same name, same
 * characters, same channel, so the player's whispers are still theirs.
 */
describe('a new link for an invite', () => {
  const server = useTestServer();

  it('replaces the token: the old one is refused and its socket closed, the new one joins as the same player with their whispers', async () => {
    const { roomId, gmToken } = await createRoom(server.origin);
    const issue = async (name: string, characterIds: string[]) =>
      (
        await api<{ token: string; id: string }>(server.origin, `/api/rooms/${roomId}/invites`, {
          token: gmToken,
          body: { name, characterIds },
        })
      ).body;
    const ana = await issue('Ana', ['ana', 'vex']);
    const bo = await issue('Bo', ['bo']);
    const newLink = (id: string, token = gmToken) =>
      api<NewLink>(server.origin, `/api/rooms/${roomId}/invites/${id}/link`, { method: 'POST', token });

    // Whispers both ways, in Ana's channel (and the GM's copies in the secrets doc).
    const gm = await server.table(roomId, gmToken);
    await gm.whenSynced;
    const toAna = { kind: 'chat', text: 'the idol is cursed', to: { kind: 'player', channel: ana.id } };
    expect(await gm.sendIntent(toAna)).toMatchObject({ ok: true });
    const fromAna = await api(server.origin, `/api/rooms/${roomId}/intents`, {
      token: ana.token,
      body: { kind: 'chat', text: 'I pocket it anyway', to: { kind: 'gm' } },
    });
    expect(fromAna.body).toMatchObject({ ok: true });

    // Ana is at the table: her page's connection and a bare socket on her channel.
    const before = await server.table(roomId, ana.token);
    await before.whenSynced;
    expect(chatOf(before)).toEqual(['the idol is cursed', 'I pocket it anyway']);
    const reasons: string[] = [];
    before.onRevoked((reason) => reasons.push(reason));
    const socket = RawClient.connect(server.wsUrl, channelDocName(roomId, ana.id), ana.token);
    await socket.opened;

    // Refusals, in sentences.
    expect(await newLink(ana.id, bo.token)).toEqual({
      status: 403,
      body: { ok: false, reason: 'only the GM may do this' },
    });
    expect(await newLink('xyz')).toEqual({
      status: 400,
      body: { ok: false, reason: 'invite id: expected 8 to 12 hex digits, got "xyz"' },
    });
    const unknown = [ana.id, bo.id].some((id) => id.startsWith('0')) ? 'f'.repeat(12) : '0'.repeat(12);
    expect(await newLink(unknown)).toEqual({
      status: 404,
      body: { ok: false, reason: `no invite ${unknown} in this room` },
    });
    expect((await api(server.origin, '/api/session', { token: ana.token })).status).toBe(200);

    // Eight digits name it; the answer carries the same invite and a new link.
    const renewed = await newLink(ana.id.slice(0, 8));
    expect(renewed.status).toBe(200);
    const { token, link } = renewed.body;
    expect(renewed.body).toEqual({
      ok: true,
      invite: { id: ana.id, name: 'Ana', characterIds: ['ana', 'vex'] },
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      link: `${server.origin}/?room=${roomId}&token=${token}`,
    });
    expect(token).not.toBe(ana.token);
    expect(link).toContain(token);

    // The old token: its sockets closed with 4401, refused over HTTP and at the upgrade.
    expect(await socket.closed).toBe(4401);
    expect(socket.closeReason).toBe('invite link replaced');
    await waitFor(() => reasons.length > 0, 'the old page told');
    expect(reasons).toEqual(['invite link replaced']);
    expect(await api(server.origin, '/api/session', { token: ana.token })).toEqual({
      status: 401,
      body: { ok: false, reason: 'unknown token' },
    });
    const again = RawClient.connect(server.wsUrl, roomId, ana.token);
    await waitFor(() => again.upgradeStatus !== undefined, 'the refused upgrade');
    expect(again.upgradeStatus).toBe(401);
    const late = await api(server.origin, `/api/rooms/${roomId}/intents`, {
      token: ana.token,
      body: { kind: 'chat', text: 'still here?' },
    });
    expect(late.status).toBe(401);

    // The new token: the same player, characters and channel, with her whispers.
    expect((await api(server.origin, '/api/session', { token: token! })).body).toEqual({
      roomId,
      role: 'player',
      characterIds: ['ana', 'vex'],
      name: 'Ana',
      channel: ana.id,
    });
    const after = await server.table(roomId, token!);
    await after.whenSynced;
    expect(chatOf(after)).toEqual(['the idol is cursed', 'I pocket it anyway']);
    // The GM's copies still address her, and a whisper to that channel still reaches her.
    expect(gm.snapshot().chat.find((line) => line.text === 'the idol is cursed')?.to).toEqual({
      kind: 'player',
      channel: ana.id,
      name: 'Ana',
    });
    expect(await gm.sendIntent({ ...toAna, text: 'it hums' })).toMatchObject({ ok: true });
    await waitFor(() => chatOf(after).includes('it hums'), 'the whisper after the new link');

    // One invite still, same place in the list; Bo untouched; the old link cannot revoke anything.
    const listed = await api<{ invites: Invite[] }>(server.origin, `/api/rooms/${roomId}/invites`, {
      token: gmToken,
    });
    expect(listed.body.invites).toEqual([
      { id: ana.id, name: 'Ana', characterIds: ['ana', 'vex'] },
      { id: bo.id, name: 'Bo', characterIds: ['bo'] },
    ]);
    expect((await api(server.origin, '/api/session', { token: bo.token })).status).toBe(200);

    // A second new link replaces the first; a revoke by the same id still works.
    const third = await newLink(ana.id);
    expect(third.status).toBe(200);
    expect((await api(server.origin, '/api/session', { token: token! })).status).toBe(401);
    expect((await api(server.origin, '/api/session', { token: third.body.token! })).status).toBe(200);
    const revoked = await api(server.origin, `/api/rooms/${roomId}/invites/${ana.id}`, {
      method: 'DELETE',
      token: gmToken,
    });
    expect(revoked.status).toBe(200);
    expect((await api(server.origin, '/api/session', { token: third.body.token! })).status).toBe(401);
  });
});

describe('a new link survives kill -9', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'icon-vtt-invite-link-'));
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
  const enter = async (origin: string, roomId: string, token: string) => {
    const connection = await connectTable({ serverUrl: origin, roomId, token, WebSocketPolyfill: WebSocket });
    connections.push(connection);
    await connection.whenSynced;
    return connection;
  };

  it('once acknowledged, only the new token opens the invite after a crash, with its whispers', async () => {
    const first = await start();
    const { roomId, gmToken } = await createRoom(first.origin);
    const { body: ana } = await api<{ token: string; id: string }>(
      first.origin,
      `/api/rooms/${roomId}/invites`,
      {
        token: gmToken,
        body: { name: 'Ana', characterIds: ['ana'] },
      },
    );
    const whisper = { kind: 'chat', text: 'meet me at the well', to: { kind: 'player', channel: ana.id } };
    const said = await api(first.origin, `/api/rooms/${roomId}/intents`, { token: gmToken, body: whisper });
    expect(said.body).toMatchObject({ ok: true });
    const renewed = await api<NewLink>(first.origin, `/api/rooms/${roomId}/invites/${ana.id}/link`, {
      method: 'POST',
      token: gmToken,
    });
    expect(renewed.status).toBe(200);
    const exited = new Promise((resolve) => first.process.once('exit', resolve));
    first.process.kill('SIGKILL');
    await exited;

    const second = await start();
    expect((await api(second.origin, '/api/session', { token: ana.token })).status).toBe(401);
    expect((await api(second.origin, '/api/session', { token: renewed.body.token! })).body).toMatchObject({
      name: 'Ana',
      characterIds: ['ana'],
      channel: ana.id,
    });
    const player = await enter(second.origin, roomId, renewed.body.token!);
    expect(chatOf(player)).toEqual(['meet me at the well']);
  }, 60_000);
});

describe('invites stored by builds before new links', () => {
  const tempDir = useTempDirs('icon-vtt-token-channels-');

  it('keep their ids (so their channels) when the tokens table gains its channel column', async () => {
    const dir = tempDir();
    // The tokens table of earlier builds, with a GM and a player token and the player's channel doc.
    const old = new Database(join(dir, 'icon-vtt.sqlite'));
    old.exec(`
      CREATE TABLE rooms (id TEXT PRIMARY KEY, created_at INTEGER NOT NULL, settings TEXT NOT NULL DEFAULT '{}');
      CREATE TABLE tokens (
        token_hash TEXT PRIMARY KEY,
        room_id TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
        role TEXT NOT NULL CHECK (role IN ('gm', 'player')),
        name TEXT NOT NULL,
        character_ids TEXT NOT NULL DEFAULT '[]'
      );
      CREATE TABLE updates (seq INTEGER PRIMARY KEY, doc TEXT NOT NULL, data BLOB NOT NULL);
    `);
    const gmHash = hashToken('g'.repeat(43));
    const anaHash = hashToken('a'.repeat(43));
    old.prepare("INSERT INTO rooms (id, created_at) VALUES ('r', 1)").run();
    const insert = old.prepare(
      'INSERT INTO tokens (token_hash, room_id, role, name, character_ids) VALUES (?, ?, ?, ?, ?)',
    );
    insert.run(gmHash, 'r', 'gm', 'GM', '[]');
    insert.run(anaHash, 'r', 'player', 'Ana', '["ana"]');
    old
      .prepare('INSERT INTO updates (doc, data) VALUES (?, ?)')
      .run(channelDocName('r', anaHash.slice(0, 12)), Buffer.from([0, 0]));
    old.close();

    const store = new Store(dir);
    expect(store.getToken(anaHash)).toEqual({
      tokenHash: anaHash,
      roomId: 'r',
      role: 'player',
      name: 'Ana',
      characterIds: ['ana'],
      channel: anaHash.slice(0, 12),
    });
    expect(store.getToken(gmHash)).not.toHaveProperty('channel');
    // A new link keeps the id: the channel's rows are found under it still.
    const newHash = hashToken('b'.repeat(43));
    expect(store.replaceTokenHash(anaHash, newHash)).toBe(true);
    expect(store.getToken(anaHash)).toBeUndefined();
    expect(store.getToken(newHash)?.channel).toBe(anaHash.slice(0, 12));
    expect(store.countUpdates(channelDocName('r', store.getToken(newHash)!.channel!))).toBe(1);
    await store.close();

    // Opened again: nothing changes.
    const reopened = new Store(dir);
    expect(reopened.getToken(newHash)?.channel).toBe(anaHash.slice(0, 12));
    await reopened.close();
  });
});
