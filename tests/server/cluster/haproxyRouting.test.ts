import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { haproxyConfig, roomOfPath } from '../../../src/server/cluster/haproxyConfig';
import { waitFor } from '../helpers';

/**
 * The cluster's routing (docs/scaling.md) through Debian's HAProxy (scripts/ensure-haproxy.sh):
 * three stand-in processes that answer with their name; every URL kind of one room reaches the
 * same one, rooms spread over all three, a process going down moves only its own rooms, and room
 * creation is limited per address at the proxy.
 */
const HAPROXY = '/usr/sbin/haproxy';

interface Backend {
  readonly name: string;
  readonly server: Server;
  port: number;
}

async function standIn(name: string): Promise<Backend> {
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ name, url: req.url }));
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) =>
    wss.handleUpgrade(req, socket, head, (ws) => ws.send(JSON.stringify({ name, url: req.url }))),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { name, server, port: (server.address() as AddressInfo).port };
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

describe('HAProxy routes by room id (docs/scaling.md)', () => {
  let backends: Backend[] = [];
  let proxy: ChildProcess | undefined;
  let origin = '';
  let dir = '';

  beforeAll(async () => {
    backends = await Promise.all(['s1', 's2', 's3'].map(standIn));
    const port = await freePort();
    dir = mkdtempSync(join(tmpdir(), 'icon-vtt-haproxy-'));
    const cfg = join(dir, 'haproxy.cfg');
    writeFileSync(
      cfg,
      haproxyConfig({
        bindHost: '127.0.0.1',
        bindPort: port,
        backends: backends.map((b) => ({ name: b.name, host: '127.0.0.1', port: b.port })),
        roomsPerHour: 3,
      }),
    );
    proxy = spawn(HAPROXY, ['-db', '-f', cfg], { stdio: ['ignore', 'ignore', 'pipe'] });
    origin = `http://127.0.0.1:${port}`;
    // Up once it answers (and its health checks see all three).
    await waitFor(
      async () => {
        const seen = new Set<string>();
        for (let i = 0; i < 30; i++) seen.add((await get(`/api/rooms/ready-${i}/x`)).name);
        return seen.size === 3;
      },
      'HAProxy up with three processes',
      10_000,
    );
  });

  afterAll(async () => {
    proxy?.kill('SIGKILL');
    for (const b of backends) b.server.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const get = async (path: string, method = 'GET') => {
    const res = await fetch(origin + path, { method });
    return { status: res.status, ...((await res.json()) as { name: string; reason?: string }) };
  };
  const wsName = (path: string) =>
    new Promise<string>((resolve, reject) => {
      const ws = new WebSocket(origin.replace('http', 'ws') + path);
      ws.on('message', (data) => {
        resolve((JSON.parse(String(data)) as { name: string }).name);
        ws.close();
      });
      ws.on('error', reject);
    });
  const rooms = Array.from({ length: 24 }, (_, i) => `Room_${i}-x${(i * 7919).toString(36)}`);

  it('takes the room id from every URL kind (and none from a path without one)', () => {
    expect(roomOfPath('/ws/abc-1')).toBe('abc-1');
    expect(roomOfPath('/ws/abc-1~secrets')).toBe('abc-1');
    expect(roomOfPath('/ws/abc-1~to~0123456789ab')).toBe('abc-1');
    expect(roomOfPath('/api/rooms/abc-1/intents')).toBe('abc-1');
    expect(roomOfPath('/api/rooms/abc-1/assets/ff/tiles/0/0/0')).toBe('abc-1');
    expect(roomOfPath('/api/rooms')).toBeNull();
    expect(roomOfPath('/api/session')).toBeNull();
  });

  it('every doc and route of one room reaches one process, and rooms spread over all three', async () => {
    const owners = new Map<string, string>();
    for (const room of rooms) {
      const names = new Set([
        await wsName(`/ws/${room}?token=x`),
        await wsName(`/ws/${room}~secrets?token=x`),
        await wsName(`/ws/${room}~to~0123456789ab?token=x`),
        (await get(`/api/rooms/${room}/intents`, 'POST')).name,
        (await get(`/api/rooms/${room}/assets/abc/image`)).name,
        (await get(`/api/rooms/${room}/export?x=1`)).name,
      ]);
      expect([...names], room).toHaveLength(1);
      owners.set(room, [...names][0]!);
    }
    expect(new Set(owners.values()).size).toBe(3);
  });

  it('a process going down moves its own rooms only (consistent hashing)', async () => {
    const before = new Map<string, string>();
    for (const room of rooms) before.set(room, (await get(`/api/rooms/${room}/x`)).name);
    const down = backends[1]!;
    await new Promise((resolve) => down.server.close(resolve));
    down.server.closeAllConnections();
    // HAProxy's health checks mark it down within a few seconds (inter 1s, fall 2).
    const after = new Map<string, string>();
    await waitFor(
      async () => {
        for (const room of rooms) after.set(room, (await get(`/api/rooms/${room}/x`)).name);
        return ![...after.values()].includes(down.name);
      },
      'HAProxy to stop routing to the process that went down',
      10_000,
    );
    for (const room of rooms)
      if (before.get(room) !== down.name) expect(after.get(room), room).toBe(before.get(room));
  });

  it('limits room creation per address at the proxy', async () => {
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await get('/api/rooms', 'POST'));
    expect(answers.slice(0, 3).every((a) => a.status === 200)).toBe(true);
    expect(answers[4]).toMatchObject({
      status: 429,
      reason: 'too many new rooms from this address: try again later',
    });
  });
});
