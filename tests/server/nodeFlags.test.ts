import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../src/server/nodeFlags';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  scripts: Record<string, string>;
};

describe('the flags the room server runs with', () => {
  it('npm start passes every one of them to node, before the server script', () => {
    const start = pkg.scripts['start']!;
    const server = /node ((?:--\S+ )*)dist-server\/main\.js/.exec(start);
    expect(server, `npm start runs: ${start}`).not.toBeNull();
    expect(server![1]!.trim().split(' ')).toEqual(SERVER_NODE_FLAGS);
  });

  it('this node knows them (a typo would stop npm start)', () => {
    const run = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, '-e', '0'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
