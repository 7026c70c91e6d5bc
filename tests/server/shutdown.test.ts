import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixedDice } from '../../src/lib/dice';
import { startServer } from '../../src/server/startServer';
import { createRoom } from './helpers';

/**
 * A closed server leaves DATA_DIR settled: the storage worker's connection is closed too, so the
 * last connection has checkpointed the WAL and removed it. Before, `close()` resolved while the
 * worker was still open, so the files could change afterwards (a backup or a test reading
 * DATA_DIR right after shutdown could see files vanish under it). The race is rare: this test
 * guards the order, it did not catch the old code on an idle machine.
 */
describe('shutdown', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'icon-vtt-shutdown-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('once close() resolves, the WAL is checkpointed and gone: nothing in DATA_DIR is still open', async () => {
    for (let round = 0; round < 3; round += 1) {
      const server = await startServer({ port: 0, dataDir, dice: fixedDice([]) });
      await createRoom(server.origin);
      expect(existsSync(join(dataDir, 'icon-vtt.sqlite-wal'))).toBe(true);
      await server.close();
      expect(existsSync(join(dataDir, 'icon-vtt.sqlite-wal'))).toBe(false);
      expect(existsSync(join(dataDir, 'icon-vtt.sqlite-shm'))).toBe(false);
    }
  });
});
