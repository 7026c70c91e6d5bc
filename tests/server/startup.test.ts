import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnChildServer, type ChildServer } from './childServer';
import { api, createRoom, waitFor } from './helpers';

/**
 * The dice notation library (and mathjs under it) is two thirds of the server's start-up work. It
 * is loaded just after the server listens (src/table/dice/notation.ts): a CI run once failed
 * because a test server on a busy machine printed nothing in 30 s.
 */
describe('server start-up', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'icon-vtt-startup-'));
  let child: ChildServer | undefined;
  afterAll(() => {
    if (child?.process.exitCode === null) child.process.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('listens before it loads the dice notation library, loads it unasked, and rolls', async () => {
    child = await spawnChildServer(dataDir, {
      args: ['--no-demo', '--fixed-dice=4,5'],
      imports: [resolve(import.meta.dirname, 'imports', 'logImports.mjs')],
      env: { IMPORT_PATTERN: '/(mathjs|rpg-dice-roller)/' },
    });
    const server = child;
    const lines = () => server.output().split('\n');
    const firstImport = () => lines().findIndex((line) => line.startsWith('imported '));
    const mathjs = () => lines().some((line) => /^imported .*\/mathjs\//.test(line));
    await waitFor(mathjs, 'the library and mathjs imported, with no roll asked', 30_000);
    const listening = lines().findIndex((line) => line.includes('listening on'));
    expect(listening, 'the server listened before it imported the library').toBeLessThan(firstImport());

    const { roomId, gmToken } = await createRoom(server.origin);
    const { status, body } = await api(server.origin, `/api/rooms/${roomId}/intents`, {
      token: gmToken,
      body: { kind: 'roll', notation: '2d6+3' },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, outcome: { roll: { total: 12 } } });
  }, 60_000);
});
