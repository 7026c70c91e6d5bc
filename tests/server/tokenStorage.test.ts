import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { fixedDice } from '../../src/lib/dice';
import { openDemoRoom } from '../../src/server/demoRoom';
import { startServer } from '../../src/server/startServer';
import { createRoom, invite } from './helpers';

/** Every text and blob value in every table of the SQLite file, as text. */
function everyStoredValue(dbPath: string): string[] {
  const db = new Database(dbPath, { readonly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as {
      name: string;
    }[];
    return tables.flatMap(({ name }) =>
      (db.prepare(`SELECT * FROM "${name}"`).all() as Record<string, unknown>[]).flatMap((row) =>
        Object.values(row).map((value) =>
          Buffer.isBuffer(value) ? value.toString('latin1') : String(value),
        ),
      ),
    );
  } finally {
    db.close();
  }
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('no plaintext token in the database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'icon-vtt-tokens-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('demo, GM and invite tokens are stored only as hashes; demo links stay the same after a restart', async () => {
    const first = await startServer({ port: 0, dataDir, dice: fixedDice([]) });
    const demo = await openDemoRoom(first.ctx, first.origin);
    expect(demo?.created).toBe(true);
    const { roomId, gmToken } = await createRoom(first.origin);
    const player = await invite(first.origin, roomId, gmToken, 'Ana');
    const tokens = [tokenOf(demo!.gmLink), tokenOf(demo!.playerLink), gmToken, player];
    await first.close();

    const values = everyStoredValue(join(dataDir, 'icon-vtt.sqlite'));
    expect(values.length).toBeGreaterThan(10);
    for (const token of tokens) {
      expect(values.filter((value) => value.includes(token))).toEqual([]);
      // Nor in any file of DATA_DIR (the WAL included), in any form we know.
      for (const file of readdirSync(dataDir)) {
        expect(readFileSync(join(dataDir, file)).includes(token), `${file} holds a token`).toBe(false);
      }
    }
    // The key the demo tokens derive from: its own file, readable by the owner only.
    expect(statSync(join(dataDir, 'demo.key')).mode & 0o777).toBe(0o600);

    const second = await startServer({ port: 0, dataDir, dice: fixedDice([]) });
    const again = await openDemoRoom(second.ctx, second.origin);
    await second.close();
    expect(again?.created).toBe(false);
    expect([tokenOf(again!.gmLink), tokenOf(again!.playerLink)]).toEqual(tokens.slice(0, 2));
  });

  it('a copied database without demo.key does not open the demo room: new links, the old ones stop working', async () => {
    const copy = mkdtempSync(join(tmpdir(), 'icon-vtt-tokens-copy-'));
    try {
      const first = await startServer({ port: 0, dataDir: copy, dice: fixedDice([]) });
      const demo = (await openDemoRoom(first.ctx, first.origin))!;
      await first.close();
      rmSync(join(copy, 'demo.key'));
      const second = await startServer({ port: 0, dataDir: copy, dice: fixedDice([]) });
      const again = (await openDemoRoom(second.ctx, second.origin))!;
      const session = (link: string) =>
        fetch(`${second.origin}/api/session`, { headers: { authorization: `Bearer ${tokenOf(link)}` } });
      const statuses = [
        (await session(demo.gmLink)).status,
        (await session(again.gmLink)).status,
        (await session(again.playerLink)).status,
      ];
      await second.close();
      expect(again.roomId).toBe(demo.roomId);
      expect(again.gmLink).not.toBe(demo.gmLink);
      expect(statuses).toEqual([401, 200, 200]);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
