import { z } from 'zod';
import { AssetHashSchema } from '../asset';
import { CharacterSheetSchema } from '../characterSheet';
import { atMost, boundedList, boundedText, MAX_LIST_ITEMS, MAX_TEXT_CHARS } from '../limits';
import { Id, Name, tokenOutcome } from './common';

/**
 * A character's sheet, replaced whole (docs/table.md "Character sheets"): its owner or the GM;
 * a player changes only their choices (current job, active abilities, talents, notes, name), the
 * GM anything. The stat block is derived from the new sheet. `name` renames the character.
 */
export const EditSheetIntentSchema = z.object({
  kind: z.literal('edit-sheet'),
  tokenId: Id,
  sheet: CharacterSheetSchema,
  name: z.string().trim().min(1, 'a name is needed').max(80, atMost(80, 'characters')).optional(),
});

/** What changed, in words ("Guard 1 active", "notes"). */
export const EditSheetOutcomeSchema = tokenOutcome('edit-sheet').extend({
  changes: boundedList(boundedText(MAX_TEXT_CHARS), MAX_LIST_ITEMS, 'changes'),
  /** The character's new name, when the edit renamed it: its log line's; absent in older logs. */
  name: Name.optional(),
});

/**
 * A token's portrait (docs/table.md "Portraits"): an image uploaded to this room (its content
 * hash), or null to remove it. The owner of a character or the GM; the image must be the room's.
 */
export const SetPortraitIntentSchema = z.object({
  kind: z.literal('set-portrait'),
  tokenId: Id,
  portrait: AssetHashSchema.nullable(),
});

export const SetPortraitOutcomeSchema = tokenOutcome('set-portrait').extend({
  portrait: AssetHashSchema.nullable(),
});
