/**
 * Bytes the replay records add per log entry (docs/table/replay.md): a scripted arena fight and a
 * 100-token room on maps/stress-100.json where every token moves and takes turns. Prints the
 * replay roots' size (what the GM's join carries extra, and what the room file carries) per
 * record. Run: npx tsx bench/replayBytes.ts
 */
import { readFileSync } from 'node:fs';
import * as Y from 'yjs';
import { applyIntent } from '../src/table/applyIntent';
import type { TableDocs } from '../src/table/docLayout';
import { publicRootsOf, secretRootsOf, SYSTEM_ORIGIN, transactBoth } from '../src/table/docLayout';
import { seedRoom } from '../src/table/seedRoom';
import { readSettings } from '../src/table/readDoc';
import { placeAllHealth } from '../src/table/foeHealth';
import { readTableState } from '../src/table/snapshot';
import { verifyDocs } from '../src/table/replay/verifyRoom';
import { seededDice } from '../src/lib/dice';
import { scriptedFight } from '../tests/table/replay/fight';

const json = (path: string): unknown =>
  JSON.parse(readFileSync(new URL(`../${path}`, import.meta.url), 'utf8'));

/** The replay roots alone, encoded as Yjs sends them. */
function replayBytes(secrets: Y.Doc): { bytes: number; records: number; inputs: number } {
  const copy = new Y.Doc();
  const roots = secretRootsOf(secrets);
  copy.transact(() => {
    roots.replay.forEach((v, k) => copy.getMap('replay').set(k, v));
    roots.replayInputs.forEach((v, k) => copy.getMap('replayInputs').set(k, v));
  });
  return {
    bytes: Y.encodeStateAsUpdate(copy).byteLength,
    records: roots.replay.size,
    inputs: roots.replayInputs.size,
  };
}

function report(name: string, docs: TableDocs & { secrets: Y.Doc }, logLines: number): void {
  const r = replayBytes(docs.secrets);
  const pub = Y.encodeStateAsUpdate(docs.public).byteLength;
  const sec = Y.encodeStateAsUpdate(docs.secrets).byteLength;
  const started = performance.now();
  const verdict = verifyDocs(docs.public, docs.secrets);
  const ms = performance.now() - started;
  console.log(
    `${name}: ${r.records} records, ${r.inputs} stored facts, ${logLines} log lines; replay roots ${r.bytes} B = ` +
      `${Math.round(r.bytes / r.records)} B per record; public doc ${pub} B, secrets doc ${sec} B (replay included); ` +
      `verify ${ms.toFixed(0)} ms: ${verdict.summary}`,
  );
}

function stressRoom(): TableDocs & { secrets: Y.Doc } {
  const map = json('maps/stress-100.json') as {
    width: number;
    height: number;
    cells: string[];
    heights: string[];
  };
  const horde = json('encounters/stress-horde.json') as {
    foes: { id: string; statBlock: { size?: number } }[];
  };
  const party = json('encounters/parties/sample-party.json');
  // 96 foes (the horde's stat blocks, size 1) on free level squares spread over the map, + 4 PCs.
  const free: { x: number; y: number }[] = [];
  for (let y = 2; y < map.height - 2; y += 3)
    for (let x = 2; x < map.width - 2; x += 3)
      if (map.cells[y]![x] === '.' && map.heights[y]![x] === '0') free.push({ x, y });
  const foes = Array.from({ length: 96 }, (_, i) => {
    const base = horde.foes[i % horde.foes.length]!;
    return {
      ...base,
      id: `foe-${i}`,
      statBlock: { ...base.statBlock, size: 1 },
      cell: free[Math.floor((i * free.length) / 96)]!,
      hidden: false,
    };
  });
  const docs = { public: new Y.Doc(), secrets: new Y.Doc() };
  seedRoom(docs.public, docs.secrets, {
    map,
    encounter: {
      ...(json('encounters/stress-horde.json') as object),
      foes,
      partyStarts: [
        { x: 43, y: 21 },
        { x: 52, y: 85 },
        { x: 8, y: 11 },
        { x: 48, y: 76 },
      ],
    },
    party,
    revealFoes: true,
  });
  const room = readSettings(docs.public, []);
  transactBoth(docs, SYSTEM_ORIGIN, () => {
    publicRootsOf(docs.public).settings.set('room', room);
    placeAllHealth(docs, room);
  });
  return docs;
}

/** Every token takes its turn: start, one square in the first free direction, end. */
function playRounds(docs: TableDocs & { secrets: Y.Doc }, rounds: number): number {
  const dice = seededDice(7);
  let lines = 0;
  const send = (intent: object) => {
    const r = applyIntent(docs, { role: 'gm' }, intent, dice, { now: 1_700_000_000_000 });
    if (r.ok) lines += 1;
    return r.ok;
  };
  send({ kind: 'start-combat' });
  for (let round = 0; round < rounds; round++) {
    for (let turn = 0; turn < 200; turn++) {
      const state = readTableState(docs.public, docs.secrets);
      const order = state.turn;
      if (!order) break;
      const up = state.tokens.find(
        (t) => t.state && !t.state.defeated && send({ kind: 'start-turn', tokenId: t.id }),
      );
      if (!up) break;
      for (const [dx, dy] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ] as const)
        if (send({ kind: 'move', tokenId: up.id, path: [{ x: up.cell.x + dx, y: up.cell.y + dy }] })) break;
      send({ kind: 'end-turn', tokenId: up.id });
    }
  }
  return lines;
}

const fight = scriptedFight();
report('arena skirmish (scripted fight, every action)', fight, readTableStateLog(fight));
const stress = stressRoom();
const lines = playRounds(stress, 2);
report(
  `stress-100 (${readTableState(stress.public, stress.secrets).tokens.length} tokens, 2 rounds)`,
  stress,
  lines,
);

function readTableStateLog(docs: TableDocs & { secrets: Y.Doc }): number {
  return publicRootsOf(docs.public).log.length + secretRootsOf(docs.secrets).log.length;
}
