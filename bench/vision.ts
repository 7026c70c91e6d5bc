import { FOV } from 'rot-js';
import type { Battlefield } from '../src/grid';
import { SightCache, seesFootprint, sightTable, SPACE, terrainOf } from '../src/grid';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as Y from 'yjs';
import { fixedDice } from '../src/lib/dice';
import { applyIntent } from '../src/table/applyIntent';
import { readSettings } from '../src/table/readDoc';
import { seedRoom } from '../src/table/seedRoom';
import { readTableState } from '../src/table/snapshot';
import { setRoomSettings } from '../src/table/writers/roomWriters';
import type { BenchRow, BenchSection } from './main';
import { measure } from './main';
import { stressBattlefield } from './gridSetup';

/**
 * Vision (issue 34) on the 100×100 stress map with 100 tokens: six players with one character
 * each, unlimited sight range. Beside each figure, in the same run: today's `sightTable` (all
 * pairs of the 100 tokens) and rot-js's PreciseShadowcasting from the moving character.
 */
export const visionSection: BenchSection = {
  title: 'Vision (maps/stress-100.json, 100 tokens, 6 players, unlimited range)',
  async run() {
    const bf = stressBattlefield(100);
    const t = terrainOf(bf.map);
    const party = bf.occupants.filter((o) => o.side === 'party').slice(0, 6);
    const foe = bf.occupants.find((o) => o.side === 'foes')!;
    const mover = party[0]!;
    const step = [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ]
      .map(([dx, dy]) => ({ x: mover.cell.x + dx!, y: mover.cell.y + dy! }))
      .find((c) => t.type[c.y * t.width + c.x] !== SPACE.impassable)!;
    const cache = new SightCache();
    const sightOf = (who: typeof party) => who.map((p) => cache.union(bf.map, [p], bf));
    sightOf(party);
    // The party character steps back and forth: its sight is recomputed, the others' kept.
    const partyMove = measure(
      (i) => {
        const at = i % 2 ? step : mover.cell;
        sightOf([{ ...mover, cell: at }, ...party.slice(1)]);
      },
      30,
      4,
    );
    // A foe's move: every player's look-up of its new square.
    const seen = sightOf(party);
    let spotted = 0;
    const foeMove = measure(
      (i) => {
        const cell = { x: (foe.cell.x + (i % 2)) % t.width, y: foe.cell.y };
        for (const s of seen) if (seesFootprint(s, t.width, { cell, size: foe.size })) spotted++;
      },
      2000,
      200,
    );
    const table = measure(() => sightTable(bf as Battlefield), 10, 2);
    const fov = new FOV.PreciseShadowcasting(
      (x, y) =>
        x >= 0 && y >= 0 && x < t.width && y < t.height && t.type[y * t.width + x] !== SPACE.impassable,
      { topology: 8 },
    );
    const rot = measure(() => fov.compute(mover.cell.x, mover.cell.y, 100, () => {}), 30, 5);
    let squares = 0;
    for (const v of seen[0]!) squares += v;
    return [
      {
        name: "every player's sight after a party character's move",
        ours: partyMove.median,
        reference: { name: 'rot-js PreciseShadowcasting r100', ms: rot.median },
        target: '≤ 2 ms',
        pass: partyMove.median <= 2,
        note: `p95 ${partyMove.p95.toFixed(1)} ms; one character's squares: an exact shadowcast from each of its sight points, judgePair's answer square for square (${squares} seen; 2.5–4.2 ms before); sightTable of 100 tokens ${table.median.toFixed(1)} ms`,
      },
      {
        name: "every player's sight after a foe's move",
        ours: foeMove.median,
        reference: { name: 'rot-js PreciseShadowcasting r100', ms: rot.median },
        target: '≤ 2 ms',
        pass: foeMove.median <= 2,
        note: `sight ignores characters: a look-up per player (${spotted > 0 ? 'seen by some' : 'seen by none'})`,
      },
      fogIntentRow(),
    ];
  },
};

/**
 * A party character's move intent resolved in-process on stress-100 with the horde (40 foes),
 * fog of war on against off in the same run: what fog adds to the intent path (who is in sight,
 * the foes it shows or hides, the turn order players read). What is explored grows after the
 * answer, off this path. `npm run load` times the whole server path (its vision scenario).
 */
export function fogIntentRow(): BenchRow {
  const make = (vision: 'off' | 'party') => {
    const docs = { public: new Y.Doc(), secrets: new Y.Doc() };
    const read = (file: string) =>
      JSON.parse(readFileSync(path.resolve(import.meta.dirname, '..', file), 'utf8'));
    const party = read('encounters/parties/sample-party.json');
    seedRoom(docs.public, docs.secrets, {
      map: read('maps/stress-100.json'),
      encounter: read('encounters/stress-horde.json'),
      party,
      revealFoes: true,
    });
    setRoomSettings(docs, { ...readSettings(docs.public, []), vision });
    const mover = readTableState(docs.public, docs.secrets).tokens.find((t) => t.side === 'party')!;
    return { docs, mover };
  };
  const timeMoves = (vision: 'off' | 'party') => {
    const { docs, mover } = make(vision);
    const there = { x: mover.cell.x + 1, y: mover.cell.y };
    let i = 0;
    return measure(
      () => {
        const to = i++ % 2 ? mover.cell : there;
        applyIntent(docs, { role: 'gm' }, { kind: 'move', tokenId: mover.id, path: [to] }, fixedDice([]));
      },
      60,
      10,
    );
  };
  const off = timeMoves('off');
  const on = timeMoves('party');
  return {
    name: 'a party move intent, fog of war on (in-process)',
    ours: on.median,
    reference: { name: 'the same with fog off', ms: off.median },
    target: '≤ 1.2× fog off',
    pass: on.median <= 1.2 * off.median,
    note: `p95 on ${on.p95.toFixed(1)} ms, off ${off.p95.toFixed(1)} ms; stress-100, 40 foes`,
  };
}
