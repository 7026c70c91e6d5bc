import type * as Y from 'yjs';
import type { Dice } from '../lib/dice';
import { FixedDiceError } from '../lib/dice';
import { EncounterSchema, migrateEncounter } from '../schema/encounter';
import { parseOrThrow } from '../schema/formatIssues';
import type { Intent, IntentResult } from '../schema/intent';
import { MapSchema, migrateMap } from '../schema/map';
import { migrateParty, PartySchema } from '../schema/party';
import { applyIntent } from '../table/applyIntent';
import { migrateDoc, SYSTEM_ORIGIN, TableSchemaError, transactBoth } from '../table/docLayout';
import { placeAllHealth } from '../table/foeHealth';
import type { Actor } from '../table/applyIntent';
import type { ChannelDocs } from '../table/intents/chatChannels';
import { exportRoom as exportRoomFile, imagesNamedByFile, importRoom } from '../table/roomFile';
import { checkDocWrite, MISSING_DEPENDENCIES } from '../table/checkDocWrite';
import type { DecodedUpdate } from '../table/checkDocWrite';

export { MISSING_DEPENDENCIES };
import { seedRoom } from '../table/seedRoom';
import { imagesNamedBy } from '../table/imageRefs';
import { followHandoutTakeBacks } from '../table/handouts/followTakeBacks';
import { storedNestingProblem } from '../table/storedNesting';
import { initialUpdates } from './RoomManager';
import type { InitialUpdates } from './RoomManager';
import type { SeedInput } from '../table/seedRoom';

/**
 * The server's only door into src/table/: seeding a room, resolving an intent, room files,
 * validating catalog files. Kept in one file so the transport never depends on the doc layout.
 */
export type { Actor, ChannelDocs };

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

/**
 * The server could not resolve an intent for a reason that is not the sender's (its test dice
 * ran out, a bug). Nothing was written: handlers are pure until their buffered writes, which are
 * validated before the one transaction (docs/table.md, "Intents").
 */
export class IntentFailure extends Error {}

/**
 * Resolve one validated intent for `actor` with the server's dice; writes with origin 'server'.
 * Refusals are results; anything `applyIntent` throws becomes an `IntentFailure` naming the cause.
 */
export function resolveIntent(
  docs: { publicDoc: Y.Doc; secretsDoc: Y.Doc },
  actor: Actor,
  intent: Intent,
  dice: Dice,
  senderName: string,
  assetLinked?: (hash: string) => boolean,
  channels?: ChannelDocs,
): IntentResult {
  try {
    return applyIntent({ public: docs.publicDoc, secrets: docs.secretsDoc }, actor, intent, dice, {
      senderName,
      ...(assetLinked ? { assetLinked } : {}),
      ...(channels ? { channels } : {}),
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof FixedDiceError) {
      // Only the test-only --fixed-dice flag makes such dice (src/server/config.ts).
      const ranOut = 'remaining' in dice && dice.remaining === 0;
      throw new IntentFailure(
        ranOut
          ? `the server's fixed test dice ran out (${message}); nothing was changed: restart the server with more --fixed-dice results`
          : `the server's fixed test dice cannot roll this (${message}); nothing was changed: fix the --fixed-dice list`,
      );
    }
    throw new IntentFailure(`the server could not resolve this intent (${message}); nothing was changed`);
  }
}

/**
 * Bring a room's docs, just read from storage, up to this build's layout (`migrateDoc`: a
 * migration writes in a 'system' transaction, which the server then stores like any update).
 * Throws a `RoomVersionError` naming the doc and both versions when the room was written by a
 * newer build (or a migration is missing): the room must not be opened, let alone written.
 */
export function migrateRoomDocs(roomId: string, publicDoc: Y.Doc, secretsDoc: Y.Doc): void {
  for (const [which, doc] of [
    ['public', publicDoc],
    ['secrets', secretsDoc],
  ] as const) {
    try {
      migrateDoc(doc);
    } catch (error) {
      if (!(error instanceof TableSchemaError)) throw error;
      throw new RoomVersionError(
        `room ${roomId} cannot be opened: its ${which} document is not readable by this server ` +
          `(${error.message}); upgrade the server to open it`,
      );
    }
    const nested = storedNestingProblem(doc);
    if (nested)
      throw new RoomVersionError(
        `room ${roomId} cannot be opened: its ${which} document ${nested}, which browsers cannot ` +
          'read (an older build stored it); other rooms are not affected',
      );
  }
  // Foes' HP where the room's `foeHp` keeps it: a room stored before the setting existed had it
  // public, and the setting's default keeps it from players (src/table/foeHealth.ts).
  const docs = { public: publicDoc, secrets: secretsDoc };
  transactBoth(docs, SYSTEM_ORIGIN, () => placeAllHealth(docs));
}

/**
 * Images a player may fetch (docs/table/handouts.md "Pictures"): those named by the public doc
 * or by their own channel doc; cached per doc until its image roots change.
 */
export function imagesPlayersReceive(doc: Y.Doc, kind: 'public' | 'channel'): ReadonlySet<string> {
  return imagesNamedBy(doc, kind);
}

/** A player's copy of a handout follows the GM's: taken back from the secrets doc, gone from the channel. */
export { followHandoutTakeBacks };
export { followPartySight } from '../table/vision/followPartySight';
export { followPlayerSight } from '../table/vision/followPlayerSight';

/** A stored room this build cannot read (see `migrateRoomDocs`). */
export class RoomVersionError extends Error {}

/** The room file (src/schema/room.ts) of a room: both docs' content, no access tokens. */
export function exportRoom(publicDoc: Y.Doc, secretsDoc: Y.Doc): unknown {
  return exportRoomFile(publicDoc, secretsDoc);
}

/**
 * Validate a room file and encode the docs it describes; throws naming the bad path. `hasImage`:
 * whether an image the docs name will be the new room's. `images`: the images the docs name
 * (the battlemap's, the handouts'), for the caller to link to the new room.
 */
export function importRoomUpdates(
  file: unknown,
  hasImage: (hash: string) => boolean,
): { initial: InitialUpdates; images: string[] } {
  let images: string[] = [];
  const initial = initialUpdates((publicDoc, secretsDoc) => {
    images = imagesNamedByFile(importRoom(publicDoc, secretsDoc, file, { hasImage }));
  });
  return { initial, images };
}

export function validateCatalogFile(
  label: 'map' | 'encounter' | 'party',
  data: unknown,
  where: string,
): unknown {
  if (label === 'map') return parseOrThrow(MapSchema, migrateMap(data), where);
  if (label === 'party') return parseOrThrow(PartySchema, migrateParty(data), where);
  return parseOrThrow(EncounterSchema, migrateEncounter(data), where);
}

/**
 * Why a GM's direct write to one of a room's docs must be refused (a sentence naming the root,
 * key and bound), or null when every value it writes is valid (src/table/checkDocWrite.ts).
 */
export function checkGmWrite(
  doc: Y.Doc,
  kind: 'public' | 'secrets',
  update: Uint8Array | DecodedUpdate,
): string | null {
  return checkDocWrite(doc, kind, update);
}
