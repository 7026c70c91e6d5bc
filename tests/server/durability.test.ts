import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { spawnChildServer, type ChildServer } from './childServer';
import { connectClient, createRoom, invite, RawClient, tokenAt, waitFor } from './helpers';

const ROOT = resolve(import.meta.dirname, '../..');

type Child = ChildServer;

const spawnServer = (dataDir: string, durability: string) => spawnChildServer(dataDir, { durability });

async function kill9(child: Child): Promise<void> {
  const exited = new Promise((resolve) => child.process.once('exit', resolve));
  child.process.kill('SIGKILL');
  await exited;
}

describe.each(['process', 'full'])('durability (DURABILITY=%s)', (durability) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'icon-vtt-kill9-'));
  const children: Child[] = [];
  afterAll(() => {
    children.forEach((child) => child.process.exitCode === null && child.process.kill('SIGKILL'));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('SIGKILL right after a broadcast loses nothing; restart on the same DATA_DIR restores every update', async () => {
    const first = await spawnServer(dataDir, durability);
    children.push(first);
    const wsUrl = first.origin.replace('http', 'ws') + '/ws';
    const { roomId, gmToken } = await createRoom(first.origin);
    const playerToken = await invite(first.origin, roomId, gmToken, 'Witness');
    const gm = connectClient(wsUrl, roomId, gmToken);
    const gmSecrets = connectClient(wsUrl, `${roomId}~secrets`, gmToken);
    const witness = RawClient.connect(wsUrl, roomId, playerToken);
    await Promise.all([gm.synced, gmSecrets.synced, witness.opened]);
    witness.requestState();

    // A burst of moves, then kill -9 the moment the last one has reached the player.
    gmSecrets.doc.getMap('notes').set('plan', 'ambush');
    for (let step = 0; step < 40; step += 1)
      gm.doc.getMap('tokens').set('hero', tokenAt('hero', step % 8, step % 6, { step }));
    await waitFor(() => {
      const seen = new Y.Doc();
      witness.replayInto(seen);
      return (seen.getMap('tokens').get('hero') as { step: number } | undefined)?.step === 39;
    }, 'the last move at the player');
    await kill9(first);
    const broadcast = new Y.Doc();
    witness.replayInto(broadcast);
    gm.destroy();
    gmSecrets.destroy();

    const second = await spawnServer(dataDir, durability);
    children.push(second);
    const wsUrl2 = second.origin.replace('http', 'ws') + '/ws';
    const reader = connectClient(wsUrl2, roomId, playerToken);
    const gmAgain = connectClient(wsUrl2, `${roomId}~secrets`, gmToken);
    await Promise.all([reader.synced, gmAgain.synced]);
    expect(reader.doc.getMap('tokens').get('hero')).toEqual(tokenAt('hero', 39 % 8, 39 % 6, { step: 39 }));
    // Everything the player had received before the kill is on the restarted server.
    expect(Y.encodeStateVector(reader.doc)).toEqual(Y.encodeStateVector(broadcast));
    expect(gmAgain.doc.getMap('notes').get('plan')).toBe('ambush');
    reader.destroy();
    gmAgain.destroy();

    // The demo room (when sample files exist) keeps the same links across restarts.
    // (Same room and token; the port differs because the test listens on port 0.)
    const demoLinks = (text: string) => text.match(/\?room=\S+/g) ?? [];
    expect(demoLinks(second.output())).toEqual(demoLinks(first.output()));
    if (existsSync(join(ROOT, 'maps', 'arena.json'))) expect(demoLinks(first.output())).toHaveLength(2);
    second.process.kill('SIGTERM');
  }, 60_000);
});
