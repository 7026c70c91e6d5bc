import * as Y from 'yjs';
import { z } from 'zod';
import type { Dice } from '../lib/dice';
import { EncounterSchema, migrateEncounter } from '../schema/encounter';
import { parseOrThrow } from '../schema/formatIssues';
import type { Intent, IntentResult } from '../schema/intent';
import { MapSchema, migrateMap } from '../schema/map';
import { applyIntent } from '../table/applyIntent';
import type { Actor } from '../table/applyIntent';
import { SYSTEM_ORIGIN } from '../table/docLayout';
import { writeMapContent } from '../table/mapContent';
import { readSnapshot } from '../table/snapshot';

/**
 * The server's only door into src/table/: seeding a room, resolving an intent, room files. Kept in
 * one file so the transport never depends on the doc layout.
 */
export type { Actor };

/**
 * Which seeding is wired: 'map-only' until src/table/seedRoom.ts lands (the map is written, no
 * tokens are placed), then 'table'. The demo room is re-created once real seeding exists.
 */
export const TABLE_IMPLEMENTATION: 'map-only' | 'table' = 'map-only';

export interface RoomInput {
  readonly map: unknown;
  readonly encounter?: unknown;
  readonly party?: unknown;
}

/** Fill a new room's docs from a map (+ encounter, party); throws a message naming the bad path. */
export function seedDocs(publicDoc: Y.Doc, _secretsDoc: Y.Doc, input: RoomInput): void {
  const map = parseOrThrow(MapSchema, migrateMap(input.map), 'map');
  publicDoc.transact(() => writeMapContent(publicDoc, map), SYSTEM_ORIGIN);
}

/** The characters of the party's tokens in a seeded room (who a demo player invite commands). */
export function partyCharacterIds(publicDoc: Y.Doc): string[] {
  const ids = readSnapshot(publicDoc)
    .tokens.filter((token) => token.side === 'party')
    .flatMap((token) => token.ownerIds);
  return [...new Set(ids)];
}

/** Resolve one validated intent for `actor` with the server's dice; writes with origin 'server'. */
export function resolveIntent(
  docs: { publicDoc: Y.Doc; secretsDoc: Y.Doc },
  actor: Actor,
  intent: Intent,
  dice: Dice,
  senderName: string,
): IntentResult {
  return applyIntent({ public: docs.publicDoc, secrets: docs.secretsDoc }, actor, intent, dice, { senderName });
}

// --- room files (export/import) -------------------------------------------------------------

const RoomExportSchema = z.object({
  kind: z.literal('icon-vtt-room'),
  schemaVersion: z.literal(1),
  /** Base64 of `Y.encodeStateAsUpdate` of each doc. */
  public: z.string().min(1),
  secrets: z.string().min(1),
});

export function exportRoom(publicDoc: Y.Doc, secretsDoc: Y.Doc): unknown {
  return {
    kind: 'icon-vtt-room',
    schemaVersion: 1,
    public: Buffer.from(Y.encodeStateAsUpdate(publicDoc)).toString('base64'),
    secrets: Buffer.from(Y.encodeStateAsUpdate(secretsDoc)).toString('base64'),
  };
}

export function importRoomUpdates(file: unknown): { public: Uint8Array; secrets: Uint8Array } {
  const parsed = parseOrThrow(RoomExportSchema, file, 'room file');
  const decode = (text: string, where: string): Uint8Array => {
    const bytes = new Uint8Array(Buffer.from(text, 'base64'));
    const probe = new Y.Doc();
    try {
      Y.applyUpdate(probe, bytes);
    } catch (error) {
      throw new Error(`room file: ${where}: not a Yjs update (${(error as Error).message})`, { cause: error });
    } finally {
      probe.destroy();
    }
    return bytes;
  };
  return { public: decode(parsed.public, 'public'), secrets: decode(parsed.secrets, 'secrets') };
}

export function validateCatalogFile(label: 'map' | 'encounter', data: unknown, where: string): unknown {
  if (label === 'map') return parseOrThrow(MapSchema, migrateMap(data), where);
  return parseOrThrow(EncounterSchema, migrateEncounter(data), where);
}
