import * as Y from 'yjs';
import type { Dice } from '../lib/dice';
import { EncounterSchema, migrateEncounter } from '../schema/encounter';
import { parseOrThrow } from '../schema/formatIssues';
import type { Intent, IntentResult } from '../schema/intent';
import { MapSchema, migrateMap } from '../schema/map';
import { applyIntent } from '../table/applyIntent';
import type { Actor } from '../table/applyIntent';
import { exportRoom as exportRoomFile, importRoom } from '../table/roomFile';
import { seedRoom } from '../table/seedRoom';
import type { SeedInput } from '../table/seedRoom';

/**
 * The server's only door into src/table/: seeding a room, resolving an intent, room files,
 * validating catalog files. Kept in one file so the transport never depends on the doc layout.
 */
export type { Actor };

/** Bumped when seeding changes in a way the demo room should be re-created for. */
export const TABLE_IMPLEMENTATION = 'table-seedRoom-1';

export type RoomInput = SeedInput;

/**
 * Fill a new room's docs from a map (+ encounter, party); throws a message naming the bad path.
 * Returns the ids of the party's characters (what invites bind to).
 */
export function seedDocs(publicDoc: Y.Doc, secretsDoc: Y.Doc, input: RoomInput): { characterIds: string[] } {
  return seedRoom(publicDoc, secretsDoc, input);
}

/** Resolve one validated intent for `actor` with the server's dice; writes with origin 'server'. */
export function resolveIntent(
  docs: { publicDoc: Y.Doc; secretsDoc: Y.Doc },
  actor: Actor,
  intent: Intent,
  dice: Dice,
  senderName: string,
): IntentResult {
  return applyIntent({ public: docs.publicDoc, secrets: docs.secretsDoc }, actor, intent, dice, {
    senderName,
  });
}

/** The room file (src/schema/room.ts) of a room: both docs' content, no access tokens. */
export function exportRoom(publicDoc: Y.Doc, secretsDoc: Y.Doc): unknown {
  return exportRoomFile(publicDoc, secretsDoc);
}

/** Validate a room file and encode the docs it describes; throws naming the bad path. */
export function importRoomUpdates(file: unknown): { public: Uint8Array; secrets: Uint8Array } {
  const publicDoc = new Y.Doc();
  const secretsDoc = new Y.Doc();
  try {
    importRoom(publicDoc, secretsDoc, file);
    return { public: Y.encodeStateAsUpdate(publicDoc), secrets: Y.encodeStateAsUpdate(secretsDoc) };
  } finally {
    publicDoc.destroy();
    secretsDoc.destroy();
  }
}

export function validateCatalogFile(label: 'map' | 'encounter', data: unknown, where: string): unknown {
  if (label === 'map') return parseOrThrow(MapSchema, migrateMap(data), where);
  return parseOrThrow(EncounterSchema, migrateEncounter(data), where);
}
