import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEncounterOrThrow, loadGameFile } from '../src/tools/loadFiles';
import { formatProblem, parseGameFile } from '../src/tools/validateFile';

const ROOT = path.resolve(__dirname, '..');

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? jsonFiles(full) : name.endsWith('.json') ? [full] : [];
  });
}

const shipped = [...jsonFiles(path.join(ROOT, 'maps')), ...jsonFiles(path.join(ROOT, 'encounters'))];

describe('every shipped data file validates', () => {
  it('finds the shipped maps, encounters and the sample party', () => {
    const names = shipped.map((f) => path.relative(ROOT, f)).sort();
    expect(names).toEqual(
      expect.arrayContaining([
        'maps/arena.json',
        'maps/ruins.json',
        'maps/stress-100.json',
        'encounters/parties/sample-party.json',
      ]),
    );
    expect(
      names.filter((n) => n.startsWith('encounters/') && !n.includes('parties/')).length,
    ).toBeGreaterThanOrEqual(3);
  });

  it.each(shipped.map((f) => [path.relative(ROOT, f), f]))('%s', async (_name, file) => {
    const result = await loadGameFile(file, { mapsDir: path.join(ROOT, 'maps') });
    expect(result.ok ? [] : result.problems.map(formatProblem)).toEqual([]);
  });

  it('the stress map is 100×100', async () => {
    const result = await loadGameFile(path.join(ROOT, 'maps/stress-100.json'));
    expect(
      result.ok && result.value.kind === 'map' && [result.value.data.width, result.value.data.height],
    ).toEqual([100, 100]);
  });
});

const goodMap = {
  schemaVersion: 1,
  kind: 'map',
  name: 'tiny',
  width: 4,
  height: 3,
  cells: ['....', '.#..', '..._'],
  heights: ['0000', '0010', '0000'],
  destructible: [{ x: 2, y: 1 }],
};

const lines = (text: string, file = 'maps/bad.json') => {
  const result = parseGameFile(text, file);
  return result.ok ? [] : result.problems.map(formatProblem);
};

describe('bad files get every problem, with file, JSON path and what was expected', () => {
  it('a good tiny map passes', () => {
    expect(lines(JSON.stringify(goodMap))).toEqual([]);
  });

  it('map: wrong row lengths, unknown codes, bad heights, bad destructible squares — all at once', () => {
    const bad = {
      ...goodMap,
      name: '',
      cells: ['....', '.#.', '..x_'],
      heights: ['0000', '0014', '0#00', '0000'],
      destructible: [
        { x: 0, y: 0 },
        { x: 9, y: 1 },
      ],
    };
    expect(lines(JSON.stringify(bad))).toEqual([
      'maps/bad.json: name: cannot be empty',
      "maps/bad.json: cells[1]: expected 4 characters (the map's width), found 3",
      "maps/bad.json: heights: expected 3 rows (the map's height), found 4",
      "maps/bad.json: cells[2][2]: 'x' is not a space code (expected one of . ~ ! # _)",
      "maps/bad.json: heights[1][3]: '4' is not a height (expected a digit 0–3)",
      "maps/bad.json: heights[2][1]: '#' is not a height (expected a digit 0–3)",
      'maps/bad.json: destructible[0]: (0,0) is not terrain (expected a space of height 1–3)',
      'maps/bad.json: destructible[1]: (9,1) is outside the 4×3 map',
    ]);
  });

  it('map: impassable and edge spaces cannot be raised', () => {
    const bad = { ...goodMap, heights: ['0000', '0210', '0002'], destructible: [] };
    expect(lines(JSON.stringify(bad))).toEqual([
      "maps/bad.json: heights[1][1]: an impassable space ('#' in cells) must have height 0, found '2'",
      "maps/bad.json: heights[2][3]: an edge space ('_' in cells) must have height 0, found '2'",
    ]);
  });

  it('not JSON, or no known kind', () => {
    expect(lines('{ "kind": "map", ')[0]).toMatch(/^maps\/bad\.json: \(root\): not valid JSON \(/);
    expect(lines('{ "kind": "castle" }')).toEqual([
      'maps/bad.json: kind: expected one of "map", "encounter", "party", "icon-vtt-library", found "castle"',
    ]);
  });

  it('encounter: schema problems, including inside a foe stat block', () => {
    const bad = {
      schemaVersion: 1,
      kind: 'encounter',
      name: 'x',
      map: 'arena',
      chapter: 0,
      foes: [
        {
          id: 'a',
          statBlock: {
            kind: 'foe',
            name: 'A',
            health: 0,
            defense: 8,
            speed: 4,
            attackBonus: 1,
            frayDamage: 1,
            damageDie: 6,
          },
          cell: { x: 1, y: 1 },
        },
        {
          id: 'a',
          statBlock: {
            kind: 'foe',
            name: 'B',
            health: 4,
            defense: 8,
            speed: 4,
            attackBonus: 1,
            frayDamage: 1,
            damageDie: 7,
          },
          cell: { x: 1, y: -1 },
        },
      ],
      partyStarts: [],
    };
    expect(lines(JSON.stringify(bad), 'encounters/bad.json')).toEqual([
      'encounters/bad.json: map: expected a file name in maps/, like "arena.json"',
      'encounters/bad.json: chapter: at least 1',
      'encounters/bad.json: foes[0].statBlock.health: at least 1',
      // The stat block's own wording belongs to src/schema/statBlock.ts; only the place is pinned here.
      expect.stringMatching(/^encounters\/bad\.json: foes\[1\]\.statBlock\.damageDie: ./),
      'encounters/bad.json: foes[1].cell.y: at least 0',
      'encounters/bad.json: partyStarts: at least 1 item',
      "encounters/bad.json: foes[1].id: 'a' is used twice",
    ]);
  });

  it('encounter against its map: outside, on impassable or edge squares, overlapping; nothing half-loaded', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'icon-vtt-files-'));
    writeFileSync(path.join(dir, 'tiny.json'), JSON.stringify(goodMap));
    const foe = {
      kind: 'foe',
      name: 'F',
      health: 4,
      defense: 8,
      speed: 4,
      attackBonus: 1,
      frayDamage: 1,
      damageDie: 6,
    };
    const encounter = {
      schemaVersion: 1,
      kind: 'encounter',
      name: 'placements',
      map: 'tiny.json',
      chapter: 1,
      foes: [
        { id: 'big', statBlock: { ...foe, size: 2 }, cell: { x: 3, y: 0 } },
        { id: 'walled', statBlock: foe, cell: { x: 1, y: 1 } },
        { id: 'ok', statBlock: foe, cell: { x: 0, y: 0 } },
        { id: 'edge', statBlock: foe, cell: { x: 3, y: 2 } },
      ],
      partyStarts: [
        { x: 0, y: 0 },
        { x: 0, y: 2 },
      ],
    };
    const file = path.join(dir, 'enc.json');
    writeFileSync(file, JSON.stringify(encounter));
    const result = await loadGameFile(file, { mapsDir: dir, displayName: (p) => path.basename(p) });
    expect(result.ok ? [] : result.problems.map(formatProblem)).toEqual([
      'enc.json: foes[0].cell: F (size 2) at (3,0) reaches past the side of this 4×3 map',
      'enc.json: foes[1].cell: F (size 1) does not fit at (1,1): impassable ground is in the way at (1,1)',
      'enc.json: foes[3].cell: F (size 1) does not fit at (3,2): (3,2) is an edge, where a character cannot stay',
      'enc.json: partyStarts[0]: Party start 1 (size 1) does not fit at (0,0): F is in the way at (0,0)',
    ]);
    await expect(loadEncounterOrThrow(file, { mapsDir: dir })).rejects.toThrow(
      /reaches past the side of this 4×3 map/,
    );
    writeFileSync(file, JSON.stringify({ ...encounter, map: 'missing.json' }));
    const missing = await loadGameFile(file, { mapsDir: dir, displayName: (p) => path.basename(p) });
    expect(missing.ok ? [] : missing.problems.map(formatProblem)).toEqual([
      `enc.json: map: map file 'missing.json' not found in ${dir}/`,
    ]);
    // Schema problems and a missing map are reported together.
    writeFileSync(file, JSON.stringify({ ...encounter, map: 'missing.json', chapter: 0 }));
    const both = await loadGameFile(file, { mapsDir: dir, displayName: (p) => path.basename(p) });
    expect(both.ok ? [] : both.problems.map(formatProblem)).toEqual([
      'enc.json: chapter: at least 1',
      `enc.json: map: map file 'missing.json' not found in ${dir}/`,
    ]);
  });

  it('party: duplicate names and a PC of the wrong size', () => {
    const pc = {
      kind: 'pc',
      name: 'Ana',
      health: 8,
      defense: 8,
      speed: 4,
      attackBonus: 2,
      frayDamage: 2,
      damageDie: 6,
      basicAttacks: { melee: { range: 1 }, ranged: { range: 5 } },
    };
    const party = { schemaVersion: 1, kind: 'party', name: 'p', characters: [pc, { ...pc, size: 2 }] };
    expect(lines(JSON.stringify(party), 'parties/p.json')).toEqual([
      'parties/p.json: characters[1].size: must be 1',
      "parties/p.json: characters[1].name: 'Ana' is used twice",
    ]);
    const twice = { ...party, characters: [pc, pc] };
    expect(lines(JSON.stringify(twice), 'parties/p.json')).toEqual([
      "parties/p.json: characters[1].name: 'Ana' is used twice",
    ]);
  });

  it('npm run validate exits 1 and prints every problem of a bad file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'icon-vtt-cli-'));
    const file = path.join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ ...goodMap, cells: ['....', '.#.', '....'] }));
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'src/tools/validate.ts'), file, path.join(ROOT, 'maps/arena.json')],
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`${file}: cells[1]: expected 4 characters (the map's width), found 3`);
    expect(run.stdout).toContain('ok   maps/arena.json (map)');
    expect(run.stdout).toContain('1 of 2 files valid');
  });
});
