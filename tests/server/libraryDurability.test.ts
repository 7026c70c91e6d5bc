import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnChildServer } from './childServer';
import { api } from './helpers';

const spawnServer = (dataDir: string) => spawnChildServer(dataDir, { args: ['--no-demo'] });

describe('library durability', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'icon-vtt-library-kill9-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    children.forEach((child) => child.exitCode === null && child.kill('SIGKILL'));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('every acknowledged change survives kill -9: creates, a replace, a delete and an import', async () => {
    const first = await spawnServer(dataDir);
    children.push(first.process);
    const { key } = (await api<{ key: string }>(first.origin, '/api/libraries', { body: {} })).body;
    const ids: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const made = await api<{ id: string; updatedAt: number }>(first.origin, '/api/library/entries', {
        token: key,
        body: { kind: 'ability', data: { name: `Move ${i}`, cost: 'free' } },
      });
      ids.push(made.body.id);
    }
    const read = await api<{ updatedAt: number }>(first.origin, `/api/library/entries/${ids[0]}`, {
      token: key,
    });
    await api(first.origin, `/api/library/entries/${ids[0]}`, {
      method: 'PUT',
      token: key,
      body: { data: { name: 'Renamed', cost: '1-action' }, ifUpdatedAt: read.body.updatedAt },
    });
    await api(first.origin, `/api/library/entries/${ids[1]}`, { method: 'DELETE', token: key });
    const imported = await api(first.origin, '/api/library/import', {
      token: key,
      body: {
        schemaVersion: 1,
        kind: 'icon-vtt-library',
        entries: [
          {
            kind: 'foe',
            data: {
              kind: 'foe',
              name: 'Last',
              health: 4,
              defense: 7,
              speed: 4,
              attackBonus: 1,
              frayDamage: 1,
              damageDie: 6,
            },
          },
        ],
      },
    });
    expect(imported.status).toBe(200);
    const before = (await api<{ entries: unknown[] }>(first.origin, '/api/library/entries', { token: key }))
      .body;

    const exited = new Promise((done) => first.process.once('exit', done));
    first.process.kill('SIGKILL');
    await exited;

    const second = await spawnServer(dataDir);
    children.push(second.process);
    const after = (
      await api<{ entries: { name: string }[] }>(second.origin, '/api/library/entries', { token: key })
    ).body;
    expect(after).toEqual(before);
    expect(after.entries.map((e) => e.name)).toEqual(expect.arrayContaining(['Renamed', 'Last', 'Move 19']));
    expect(after.entries.map((e) => e.name)).not.toContain('Move 1');
    expect(after.entries).toHaveLength(20);
    second.process.kill('SIGTERM');
  }, 60_000);
});
