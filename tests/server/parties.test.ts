import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer } from './helpers';
import type { TestServer } from './helpers';

const SAMPLE = JSON.parse(readFileSync('encounters/parties/sample-party.json', 'utf8')) as {
  name: string;
  characters: { name: string }[];
};

/** A root folder with the sample party, a party missing a field, and a non-JSON file. */
describe('GET /api/parties', () => {
  let root: string;
  let test: TestServer;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'icon-vtt-parties-'));
    const parties = join(root, 'encounters', 'parties');
    mkdirSync(parties, { recursive: true });
    copyFileSync('encounters/parties/sample-party.json', join(parties, 'sample-party.json'));
    const broken = { ...SAMPLE, characters: [{ ...SAMPLE.characters[0], defense: 'high' }] };
    writeFileSync(join(parties, 'broken.json'), JSON.stringify(broken));
    writeFileSync(join(parties, 'garbled.json'), '{ not json');
    writeFileSync(join(parties, 'notes.txt'), 'not a party');
    test = await startTestServer(undefined, { rootDir: root });
  });
  afterAll(async () => {
    await test.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('lists the .json files of encounters/parties/, sorted', async () => {
    const list = await api<{ files: string[] }>(test.origin, '/api/parties');
    expect(list.status).toBe(200);
    expect(list.body.files).toEqual(['broken.json', 'garbled.json', 'sample-party.json']);
  });

  it('serves one party validated, and names the file and path when it is not', async () => {
    const party = await api<{ name: string; characters: { name: string }[] }>(
      test.origin,
      '/api/parties/sample-party.json',
    );
    expect(party.status).toBe(200);
    expect(party.body.name).toBe(SAMPLE.name);
    expect(party.body.characters.map((c) => c.name)).toEqual(SAMPLE.characters.map((c) => c.name));

    const broken = await api<{ reason: string }>(test.origin, '/api/parties/broken.json');
    expect(broken.status).toBe(500);
    expect(broken.body.reason).toBe(
      'encounters/parties/broken.json:\n  characters.0.defense: must be a number',
    );
    const garbled = await api<{ reason: string }>(test.origin, '/api/parties/garbled.json');
    expect(garbled.status).toBe(500);
    expect(garbled.body.reason).toMatch(/^encounters\/parties\/garbled\.json: not valid JSON/);
    expect((await api(test.origin, '/api/parties/nope.json')).status).toBe(404);
    expect((await api(test.origin, '/api/parties/..%2F..%2Fpackage.json')).status).toBe(400);
    expect((await api(test.origin, '/api/parties/notes.txt')).status).toBe(400);
  });

  it('lists nothing when the folder is missing', async () => {
    const bare = mkdtempSync(join(tmpdir(), 'icon-vtt-parties-bare-'));
    const other = await startTestServer(undefined, { rootDir: bare });
    try {
      expect((await api<{ files: string[] }>(other.origin, '/api/parties')).body.files).toEqual([]);
    } finally {
      await other.close();
      rmSync(bare, { recursive: true, force: true });
    }
  });
});
