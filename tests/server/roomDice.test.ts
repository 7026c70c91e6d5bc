import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { seededDice } from '../../src/lib/dice';
import { parseServerConfig } from '../../src/server/config';
import { fixedDiceByRoom } from '../../src/server/roomDice';

/** `--fixed-dice-rooms=DIR`: one shared test server, each room its own fixed dice (tests/e2e/fixtures.ts). */
describe('fixed dice per room', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const folder = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'icon-vtt-dice-'));
    dirs.push(dir);
    return dir;
  };

  it('a room named by a file rolls its list from the first result, whatever other rooms rolled', () => {
    const dir = folder();
    writeFileSync(join(dir, 'roomA'), '12,2,5,4\n');
    writeFileSync(join(dir, 'roomB'), '12,3');
    const dice = fixedDiceByRoom(dir, seededDice(1));
    expect([dice('roomA').roll(20), dice('roomA').roll(6)]).toEqual([12, 2]);
    expect([dice('roomB').roll(20), dice('roomB').roll(6)]).toEqual([12, 3]);
    expect([dice('roomA').roll(6), dice('roomA').roll(6)]).toEqual([5, 4]);
    expect(() => dice('roomA').roll(6)).toThrow(/ran out after 4 rolls/);
  });

  it('every other room rolls the server’s own dice; a file cannot be reached by an odd id', () => {
    const dir = folder();
    writeFileSync(join(dir, 'x'), '1');
    const fallback = seededDice(7);
    const dice = fixedDiceByRoom(join(dir, 'sub'), fallback);
    expect(dice('roomC')).toBe(fallback);
    expect(dice('../x')).toBe(fallback);
    expect(dice('')).toBe(fallback);
  });

  it('a file that is not a comma list of positive integers is refused in words', () => {
    const dir = folder();
    writeFileSync(join(dir, 'roomD'), '3,zero');
    expect(() => fixedDiceByRoom(dir, seededDice(1))('roomD')).toThrow(
      '--fixed-dice-rooms file roomD: expected a comma list of positive integers, got "3,zero"',
    );
  });

  it('is set only on the command line, with a warning; no env var turns it on', () => {
    const dir = folder();
    writeFileSync(join(dir, 'roomE'), '20');
    const config = parseServerConfig([`--fixed-dice-rooms=${dir}`], {});
    expect(config.dice('roomE').roll(20)).toBe(20);
    expect(config.diceWarning).toMatch(/FIXED/);
    const plain = parseServerConfig([], { FIXED_DICE_ROOMS: dir });
    expect(plain.diceWarning).toBeUndefined();
    expect(plain.dice('roomE')).toBe(plain.dice('other'));
  });
});
