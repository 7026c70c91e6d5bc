import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportRoom } from '../../src/table/roomFile';
import { runVerify } from '../../src/tools/verifyRoomFile';
import { scriptedFight } from '../table/replay/fight';

describe('npm run verify (src/tools/verify.ts)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'verify-'));
  const docs = scriptedFight();
  const file = exportRoom(docs.public, docs.secrets, 1);
  const clean = path.join(dir, 'clean.json');
  writeFileSync(clean, JSON.stringify(file));
  const tampered = structuredClone(file);
  const [, record] = Object.entries(tampered.secrets.replay.records).find(
    ([, r]) => (r.intent as { abilityId?: string }).abilityId === 'shield-bash',
  )!;
  const die = record.dice.findIndex(([sides]) => sides === 6);
  record.dice[die] = [6, 5];
  const bad = path.join(dir, 'tampered.json');
  writeFileSync(bad, JSON.stringify(tampered));

  const run = async (args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runVerify(
      args,
      (l) => out.push(l),
      (l) => err.push(l),
    );
    return { code, out, err };
  };

  it('exit 0 and a summary when every outcome re-derives', async () => {
    const { code, out } = await run([clean]);
    expect(code).toBe(0);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(/^clean\.json: (\d+) of \1 outcomes re-derived; \d+ GM overrides$/);
  });

  it('exit 2 with a sentence for a file it cannot read', async () => {
    const notJson = path.join(dir, 'notes.txt');
    writeFileSync(notJson, 'hello');
    const notRoom = path.join(dir, 'map.json');
    writeFileSync(notRoom, JSON.stringify({ kind: 'map' }));
    expect(await run([path.join(dir, 'missing.json')])).toMatchObject({
      code: 2,
      err: [expect.stringMatching(/there is no such file$/)],
    });
    expect(await run([notJson])).toMatchObject({
      code: 2,
      err: [expect.stringMatching(/not a room export \(it is not JSON\)$/)],
    });
    expect(await run([notRoom])).toMatchObject({
      code: 2,
      err: [expect.stringMatching(/not a room export this version can read/)],
    });
    expect(await run([])).toMatchObject({ code: 2 });
  });

  it('the command itself: exit 1 and the differing entry in a sentence', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/tools/verify.ts', bad], {
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(1);
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toMatch(
      /^Round 1, Maren \(Stalwart\)'s Shield Bash: stored \d+ damage, re-derived \d+$/,
    );
    expect(lines[1]).toMatch(
      /^tampered\.json: (\d+) of (\d+) outcomes re-derived; 1 differs; \d+ GM overrides$/,
    );
  }, 60_000);
});
