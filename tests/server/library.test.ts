import { describe, expect, it } from 'vitest';
import { api, useTestServer } from './helpers';
import { LIBRARY_FILE_KIND, MAX_LIBRARY_ENTRIES } from '../../src/schema/library';

/**
 * The campaign library over real HTTP (docs/server.md "The library"): a key per library, CRUD,
 * 401/403 with sentences, bounds, import all or nothing, the read-only starter set.
 */
const server = useTestServer();

const ogre = {
  kind: 'foe',
  name: 'Ogre',
  health: 12,
  defense: 7,
  speed: 4,
  attackBonus: 3,
  frayDamage: 3,
  damageDie: 8,
  size: 2,
  template: 'elite',
};

interface Entry {
  id: string;
  kind: string;
  data: Record<string, unknown> & { name: string };
  updatedAt: number;
}
interface Summary {
  id: string;
  kind: string;
  name: string;
  summary: string;
  updatedAt: number;
}

async function newLibrary(): Promise<string> {
  const made = await api<{ key: string; link: string }>(server.origin, '/api/libraries', { body: {} });
  expect(made.status).toBe(200);
  expect(made.body.link).toBe(`${server.origin}/?library=${made.body.key}`);
  return made.body.key;
}

const list = async (key: string) =>
  (await api<{ entries: Summary[] }>(server.origin, '/api/library/entries', { token: key })).body.entries;

describe('library: create, read, replace, duplicate, delete', () => {
  it('a new library is empty; an entry is created, listed with a summary, read and replaced', async () => {
    const key = await newLibrary();
    expect(await list(key)).toEqual([]);
    const created = await api<Entry>(server.origin, '/api/library/entries', {
      token: key,
      body: { kind: 'foe', data: ogre },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ kind: 'foe', data: { name: 'Ogre', armor: 0 } });
    const [summary] = await list(key);
    expect(summary).toMatchObject({
      id: created.body.id,
      name: 'Ogre',
      summary: 'Foe · elite · size 2 · Health 12',
    });
    const read = await api<Entry>(server.origin, `/api/library/entries/${created.body.id}`, { token: key });
    expect(read.body).toEqual(created.body);

    const replaced = await api<Entry>(server.origin, `/api/library/entries/${created.body.id}`, {
      method: 'PUT',
      token: key,
      body: { data: { ...ogre, name: 'Cave Ogre' }, ifUpdatedAt: created.body.updatedAt },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.name).toBe('Cave Ogre');
    expect(replaced.body.updatedAt).toBeGreaterThan(created.body.updatedAt);

    // A second writer who read the old version is told, and nothing changes.
    const stale = await api<{ reason: string }>(server.origin, `/api/library/entries/${created.body.id}`, {
      method: 'PUT',
      token: key,
      body: { data: { ...ogre, name: 'Stale' }, ifUpdatedAt: created.body.updatedAt },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.reason).toMatch(/Cave Ogre.*changed since you opened it/);
    expect((await list(key)).map((e) => e.name)).toEqual(['Cave Ogre']);
  });

  it('duplicates as "(copy)" and deletes; unknown entries are 404', async () => {
    const key = await newLibrary();
    const created = await api<Entry>(server.origin, '/api/library/entries', {
      token: key,
      body: { kind: 'foe', data: ogre },
    });
    const copy = await api<Entry>(server.origin, `/api/library/entries/${created.body.id}/duplicate`, {
      token: key,
      body: {},
    });
    expect(copy.status).toBe(200);
    expect(copy.body.data.name).toBe('Ogre (copy)');
    expect(copy.body.id).not.toBe(created.body.id);
    const again = await api<Entry>(server.origin, `/api/library/entries/${created.body.id}/duplicate`, {
      token: key,
      body: {},
    });
    expect(again.body.data.name).toBe('Ogre (copy 2)');
    const gone = await api(server.origin, `/api/library/entries/${created.body.id}`, {
      method: 'DELETE',
      token: key,
    });
    expect(gone.status).toBe(200);
    expect((await list(key)).map((e) => e.name).sort()).toEqual(['Ogre (copy 2)', 'Ogre (copy)']);
    const missing = await api<{ reason: string }>(server.origin, `/api/library/entries/${created.body.id}`, {
      token: key,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.reason).toBe('this library has no such entry (it may have been deleted)');
  });

  it('bad data is refused with sentences naming the field; nothing is saved', async () => {
    const key = await newLibrary();
    const bad = await api<{ reason: string }>(server.origin, '/api/library/entries', {
      token: key,
      body: { kind: 'foe', data: { ...ogre, health: 0 } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.reason).toBe('Ogre: Health: at least 1');
    expect(await list(key)).toEqual([]);
  });
});

describe('library: keys', () => {
  it('a missing key is 401, a wrong one 403, each with a sentence; libraries do not see each other', async () => {
    const missing = await api<{ reason: string }>(server.origin, '/api/library/entries');
    expect(missing.status).toBe(401);
    expect(missing.body.reason).toMatch(/library key/);
    const wrong = await api<{ reason: string }>(server.origin, '/api/library/entries', {
      token: 'A'.repeat(43),
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.reason).toBe('this library key opens no library on this server');

    const mine = await newLibrary();
    const theirs = await newLibrary();
    const entry = await api<Entry>(server.origin, '/api/library/entries', {
      token: mine,
      body: { kind: 'foe', data: ogre },
    });
    expect(
      (await api(server.origin, `/api/library/entries/${entry.body.id}`, { token: theirs })).status,
    ).toBe(404);
    expect(await list(theirs)).toEqual([]);
  });

  it('the key is stored hashed, never in plain text', async () => {
    const key = await newLibrary();
    const { readFileSync, readdirSync } = await import('node:fs');
    const files = readdirSync(server.server.dataDir).map((f) =>
      readFileSync(`${server.server.dataDir}/${f}`),
    );
    expect(files.some((bytes) => bytes.includes(Buffer.from(key)))).toBe(false);
  });
});

describe('library: export and import', () => {
  it('exports all or some; an import adds them back unchanged (same ids) and replaces entries of the same id', async () => {
    const key = await newLibrary();
    const a = await api<Entry>(server.origin, '/api/library/entries', {
      token: key,
      body: { kind: 'foe', data: ogre },
    });
    const b = await api<Entry>(server.origin, '/api/library/entries', {
      token: key,
      body: { kind: 'ability', data: { name: 'Stomp', cost: '1-action' } },
    });
    const all = await api<{ kind: string; entries: Entry[] }>(server.origin, '/api/library/export', {
      token: key,
    });
    expect(all.body.kind).toBe(LIBRARY_FILE_KIND);
    expect(all.body.entries.map((e) => e.id).sort()).toEqual([a.body.id, b.body.id].sort());
    const some = await api<{ entries: Entry[] }>(server.origin, `/api/library/export?ids=${b.body.id}`, {
      token: key,
    });
    expect(some.body.entries.map((e) => e.data.name)).toEqual(['Stomp']);

    await api(server.origin, `/api/library/entries/${a.body.id}`, { method: 'DELETE', token: key });
    const imported = await api<{ added: number; replaced: number }>(server.origin, '/api/library/import', {
      token: key,
      body: all.body,
    });
    expect(imported.body).toEqual({ added: 1, replaced: 1 });
    const back = await api<Entry>(server.origin, `/api/library/entries/${a.body.id}`, { token: key });
    expect(back.body.data).toEqual(a.body.data);
  });

  it('an import with one bad entry saves none and lists each problem with its place', async () => {
    const key = await newLibrary();
    const bad = await api<{ reason: string; problems: string[] }>(server.origin, '/api/library/import', {
      token: key,
      body: {
        schemaVersion: 1,
        kind: LIBRARY_FILE_KIND,
        entries: [
          { kind: 'foe', data: ogre },
          { kind: 'foe', data: { ...ogre, name: 'Big Ogre', health: 0 } },
          { kind: 'ability', data: { name: 'Zap' } },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.problems).toEqual([
      'entry 2 (Big Ogre): Health: at least 1',
      'entry 3 (Zap): Cost: must be 1-action, 2-actions, 2-actions-and-move or free',
    ]);
    expect(bad.body.reason).toContain('nothing was imported');
    expect(await list(key)).toEqual([]);
  });
});

describe('library: bounds', () => {
  it('refuses more entries than a library holds, saying the bound', async () => {
    const key = await newLibrary();
    const entries = Array.from({ length: MAX_LIBRARY_ENTRIES }, (_, i) => ({
      kind: 'ability',
      data: { name: `A${i}`, cost: 'free' },
    }));
    const full = await api(server.origin, '/api/library/import', {
      token: key,
      body: { schemaVersion: 1, kind: LIBRARY_FILE_KIND, entries },
    });
    expect(full.status).toBe(200);
    const more = await api<{ reason: string }>(server.origin, '/api/library/entries', {
      token: key,
      body: { kind: 'ability', data: { name: 'One more', cost: 'free' } },
    });
    expect(more.status).toBe(413);
    expect(more.body.reason).toBe(
      `a library holds at most ${MAX_LIBRARY_ENTRIES} entries: delete some first`,
    );
  });

  it('a 200×200 map fits in one entry', async () => {
    const key = await newLibrary();
    const row = '.'.repeat(200);
    const map = {
      schemaVersion: 1,
      kind: 'map',
      name: 'Huge',
      width: 200,
      height: 200,
      cells: Array.from({ length: 200 }, () => row),
      heights: Array.from({ length: 200 }, () => '0'.repeat(200)),
    };
    const saved = await api(server.origin, '/api/library/entries', {
      token: key,
      body: { kind: 'map', data: map },
    });
    expect(saved.status).toBe(200);
  });
});

describe('library: bodies', () => {
  // Its own server: the refused upload leaves its connection to be reset, not the others' tests.
  const own = useTestServer();
  it('an oversized entry body is refused before parsing, saying the bound', async () => {
    const made = await api<{ key: string }>(own.origin, '/api/libraries', { body: {} });
    const huge = await api<{ reason: string }>(own.origin, '/api/library/entries', {
      token: made.body.key,
      rawBody: JSON.stringify({
        kind: 'ability',
        data: { name: 'x', cost: 'free' },
        pad: 'x'.repeat(2 * 1024 * 1024),
      }),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.reason).toMatch(/^the request body is larger than [\d.]+ (MB|KB)$/);
  });
});

describe('library: starting libraries', () => {
  const limited = useTestServer(undefined, { librariesPerHour: 2 });
  it('libraries started per address per hour are limited, with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1)
      statuses.push((await api(limited.origin, '/api/libraries', { body: {} })).status);
    expect(statuses).toEqual([200, 200, 429]);
    const refused = await fetch(`${limited.origin}/api/libraries`, { method: 'POST' });
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await refused.json()) as { reason: string }).reason).toMatch(
      /too many libraries started from this address \(2 per hour\)/,
    );
  });
});

describe('library: the starter set', () => {
  it('is served read-only without a key, as one valid library file', async () => {
    const starter = await api<{ kind: string; entries: Entry[] }>(server.origin, '/api/library/starter');
    expect(starter.status).toBe(200);
    expect(starter.body.kind).toBe(LIBRARY_FILE_KIND);
    const kinds = new Set(starter.body.entries.map((e) => e.kind));
    expect([...kinds].sort()).toEqual(
      ['ability', 'character', 'foe', 'party'].sort().filter((k) => kinds.has(k)),
    );
    expect(kinds.has('foe') && kinds.has('ability')).toBe(true);
    // Not in the encounter list of the create screen.
    const encounters = await api<{ files: string[] }>(server.origin, '/api/encounters');
    expect(encounters.body.files).not.toContain('starter-library.json');
  });
});
