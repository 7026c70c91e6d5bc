import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnChildServer, type ChildServer } from './childServer';
import { api, createRoom, waitFor } from './helpers';

/**
 * The dice notation library (and mathjs under it) is two thirds of the server's start-up. It is
 * loaded on the first roll in notation, not at start (src/table/dice/notation.ts): a CI run once
 * failed because a test server on a busy machine printed nothing in 30 s.
 */
describe('server start-up', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'icon-vtt-startup-'));
  let child: ChildServer | undefined;
  afterAll(() => {
    if (child?.process.exitCode === null) child.process.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('does not load the dice notation library until someone rolls, then rolls', async () => {
    child = await spawnChildServer(dataDir, {
      args: ['--no-demo', '--fixed-dice=4,5'],
      imports: [resolve(import.meta.dirname, 'imports', 'logImports.mjs')],
      env: { IMPORT_PATTERN: '/(mathjs|rpg-dice-roller)/' },
    });
    const server = child;
    const imported = () => server.output().match(/^imported .*$/gm) ?? [];
    // A room and an intent that is not a roll (refused: no combat): still no library.
    const { roomId, gmToken } = await createRoom(server.origin);
    const post = (body: unknown) =>
      api(server.origin, `/api/rooms/${roomId}/intents`, { token: gmToken, body });
    expect((await post({ kind: 'end-turn' })).body).toMatchObject({ ok: false });
    expect(imported(), 'imported before any roll').toEqual([]);

    const { status, body } = await post({ kind: 'roll', notation: '2d6+3' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, outcome: { roll: { total: 12 } } });
    await waitFor(() => imported().some((line) => line.includes('rpg-dice-roller')), 'the library import');
    expect(imported().some((line) => line.includes('/mathjs/'))).toBe(true);
  }, 60_000);
});
