import { MAX_MAP_IMAGE_BYTES } from '../schema/limits';
import { MAX_DOORS } from '../schema/map';

/** An imported map's picture is uploaded as a battlemap, so it has the same limit (docs/server.md). */
export const MAX_IMPORT_IMAGE_BYTES = MAX_MAP_IMAGE_BYTES;
/** A map file is at most this many characters: the base64 picture plus room for walls. */
export const MAX_IMPORT_FILE_CHARS = Math.ceil(MAX_IMPORT_IMAGE_BYTES / 3) * 4 + 5 * 1024 * 1024;
/** Wall lines in one file, points in one line, and points in all lines together. */
export const MAX_WALL_LINES = 20_000;
export const MAX_WALL_POINTS = 10_000;
export const MAX_WALL_POINTS_TOTAL = 200_000;
export const MAX_PORTALS = MAX_DOORS;
