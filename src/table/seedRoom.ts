import type * as Y from 'yjs';
import { z } from 'zod';
import type { CellData } from '../schema/cell';
import { EncounterSchema, migrateEncounter } from '../schema/encounter';
import { parseOrThrow } from '../schema/formatIssues';
import type { MapData } from '../schema/map';
import { MapSchema, migrateMap } from '../schema/map';
import { footprintMisfit, misfitSentence } from '../grid/footprintFit';
import { migrateParty, PartySchema } from '../schema/party';
import { deriveStatBlock } from '../rules/characterSheet';
import { DEFAULT_ROOM_SETTINGS } from '../schema/settings';
import { placeHealth, stateDocFor } from './foeHealth';
import type { StatBlock } from '../schema/statBlock';
import type { Token } from '../schema/token';
import { rootsOf, publicRootsOf, SYSTEM_ORIGIN, TABLE_SCHEMA_VERSION, transactBoth } from './docLayout';
import { writeMapContent } from './mapContent';
import { newCombatantState } from './writers/tokenWriters';
import { slug } from './slug';
import { nearestPosition } from '../grid/nearestPosition';
import { numberDuplicates } from './tokenNames';

/** What a room is made from (JSON as uploaded: validated here, every problem named). */
export const SeedInputSchema = z.object({
  map: z.unknown(),
  encounter: z.unknown().optional(),
  party: z.unknown().optional(),
  name: z.string().min(1).max(120).optional(),
  /** Foes start visible (demo rooms); by default they start hidden in the secrets doc. */
  revealFoes: z.boolean().optional(),
});
export type SeedInput = z.infer<typeof SeedInputSchema>;

/** A player character's id, used as its token id and in invites: "Maren (Stalwart)" → "maren-stalwart". */
export function characterIdOf(pc: { name: string }): string {
  // 56 characters leave room for a "-20" suffix within a token id's 64 (src/schema/limits.ts).
  return slug(pc.name).slice(0, 56).replace(/-$/, '') || 'pc';
}

/** How many misfits one refusal names before "and N more". */
const MAX_MISFITS_SAID = 5;

/** Thrown when a room cannot be seeded; nothing has been written. */
export class SeedError extends Error {}

/**
 * Seeds an EMPTY room: the map, foes of the encounter (each hidden in the secrets doc as the
 * encounter marks it; all shown with `revealFoes`), the party's PCs at the encounter's party
 * starts (or the nearest free squares), default settings and the status catalog. Validates everything first; one transaction per doc.
 */
export function seedRoom(publicDoc: Y.Doc, secretsDoc: Y.Doc, input: SeedInput): { characterIds: string[] } {
  const map = parseOrThrow(MapSchema, migrateMap(input.map), 'map');
  const encounter =
    input.encounter === undefined
      ? undefined
      : parseOrThrow(EncounterSchema, migrateEncounter(input.encounter), 'encounter');
  const party =
    input.party === undefined ? undefined : parseOrThrow(PartySchema, migrateParty(input.party), 'party');
  if (rootsOf(publicDoc).meta.get('schemaVersion') !== undefined)
    throw new SeedError('this room is already seeded');

  /** Square "x,y" → the name of who stands there. */
  const occupied = new Map<string, string>();
  const mark = (cell: CellData, size: number, name: string) => {
    for (let dy = 0; dy < size; dy++)
      for (let dx = 0; dx < size; dx++) occupied.set(`${cell.x + dx},${cell.y + dy}`, name);
  };
  const placed: { token: Token; statBlock: StatBlock; hidden: boolean }[] = [];
  // Every foe that does not fit, in a GM's words (issue 13): "Ruin Drake (size 2) stands at
  // (17,3), outside this 12×10 map", never the file's path and ids.
  const misfits: string[] = [];
  for (const foe of encounter?.foes ?? []) {
    const size = foe.statBlock.size;
    const misfit = footprintMisfit(map, foe.cell, size, (x, y) => occupied.get(`${x},${y}`));
    if (misfit) {
      misfits.push(misfitSentence(foe.statBlock, foe.cell, map, misfit));
      continue;
    }
    mark(foe.cell, size, foe.statBlock.name);
    placed.push({
      token: {
        id: foe.id,
        name: foe.statBlock.name,
        cell: foe.cell,
        size,
        side: 'foes',
        ownerIds: [],
        combatant: true,
      },
      statBlock: foe.statBlock,
      hidden: input.revealFoes ? false : foe.hidden,
    });
  }
  if (misfits.length) {
    const shown =
      misfits.length > MAX_MISFITS_SAID
        ? [...misfits.slice(0, MAX_MISFITS_SAID - 1), `and ${misfits.length - MAX_MISFITS_SAID + 1} more`]
        : misfits;
    throw new SeedError(`This encounter does not fit the map: ${shown.join('; ')}`);
  }
  const characterIds: string[] = [];
  const starts = encounter?.partyStarts ?? [];
  // Ids already taken (foes, earlier PCs), kept in a Set so assigning them stays linear.
  const taken = new Set(placed.map((p) => p.token.id));
  const next = new Map<string, number>();
  for (const [i, pc] of (party?.characters ?? []).entries()) {
    const id = uniqueId(characterIdOf(pc), taken, next);
    const wanted = starts[i];
    const cell =
      wanted && !footprintMisfit(map, wanted, 1, (x, y) => occupied.get(`${x},${y}`))
        ? wanted
        : nearestFree(
            map,
            wanted ?? starts[0] ?? { x: Math.floor(map.width / 2), y: Math.floor(map.height / 2) },
            occupied,
          );
    if (!cell) throw new SeedError(`party: no free square left on the map for characters[${i}] (${pc.name})`);
    mark(cell, 1, pc.name);
    characterIds.push(id);
    placed.push({
      token: { id, name: pc.name, cell, size: 1, side: 'party', ownerIds: [id], combatant: true },
      // A character with a sheet plays as its sheet says (src/rules/characterSheet.ts).
      statBlock: deriveStatBlock(pc),
      hidden: false,
    });
  }

  // Two "Hollow Husk" are seeded as "Hollow Husk 1" and "Hollow Husk 2": every view, the log
  // and the map then show the same name people can tell apart (issue 12).
  const names = numberDuplicates(placed.map((p) => p.token.name));
  for (const [i, p] of placed.entries()) p.token = { ...p.token, name: names[i]! };

  transactBoth({ public: publicDoc, secrets: secretsDoc }, SYSTEM_ORIGIN, () => {
    for (const doc of [publicDoc, secretsDoc]) rootsOf(doc).meta.set('schemaVersion', TABLE_SCHEMA_VERSION);
    rootsOf(publicDoc).meta.set('name', input.name ?? encounter?.name ?? map.name);
    writeMapContent(publicDoc, map, encounter?.chapter ?? 1);
    publicRootsOf(publicDoc).settings.set('room', DEFAULT_ROOM_SETTINGS);
    publicRootsOf(publicDoc).turn.set('order', null);
    const docs = { public: publicDoc, secrets: secretsDoc };
    for (const { token, statBlock, hidden } of placed) {
      const roots = rootsOf(hidden ? secretsDoc : publicDoc);
      roots.tokens.set(token.id, token);
      roots.statBlocks.set(token.id, statBlock);
      // A revealed foe's HP is kept from players by default (`foeHp`, src/table/foeHealth.ts).
      const stateDoc = stateDocFor(docs, token, hidden, DEFAULT_ROOM_SETTINGS);
      rootsOf(stateDoc).combatants.set(token.id, newCombatantState(token, statBlock));
      placeHealth(docs, token.id, DEFAULT_ROOM_SETTINGS);
    }
  });
  return { characterIds };
}

/**
 * `base`, or `base-2`, `base-3`… the first one not in `taken` (which it is added to). `next`
 * remembers where each base's search stopped, so n equal names cost O(n), not O(n²).
 */
function uniqueId(base: string, taken: Set<string>, next: Map<string, number>): string {
  let id = base;
  let n = next.get(base) ?? 2;
  while (taken.has(id)) id = `${base}-${n++}`;
  next.set(base, n);
  taken.add(id);
  return id;
}

/** Nearest free passable square to `from`. */
function nearestFree(map: MapData, from: CellData, occupied: Map<string, string>): CellData | null {
  return nearestPosition(
    map.width,
    map.height,
    from,
    (c) => !footprintMisfit(map, c, 1, (x, y) => occupied.get(`${x},${y}`)),
  );
}
