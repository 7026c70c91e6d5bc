import type { MapData } from '../schema/map';
import { SchemaError } from '../schema/formatIssues';

/**
 * What a map file import yields before anything is written: the map (squares, walls as
 * impassable squares, doors), how the picture sits under the grid, and the picture itself when
 * the file carries it (UVTT) or its file name when the GM must supply it (Tiled).
 */
export interface MapImport {
  readonly map: MapData;
  /** Squares the file's walls turned impassable. */
  readonly wallSquares: number;
  /** This app's own map file: its heights, doors and battlemap came with it. */
  readonly own?: boolean;
  readonly picture:
    | {
        readonly bytes?: Uint8Array;
        /** The image file the map names (Tiled image layer), when `bytes` is not in the file. */
        readonly fileName?: string;
        readonly pixelsPerSquare: number;
        /** Where the picture's top-left corner sits, in squares from the map's top-left. */
        readonly offsetX: number;
        readonly offsetY: number;
      }
    | undefined;
}

/** Thrown with a sentence naming the file and what is wrong in it. */
export class MapImportError extends SchemaError {}

/** The file as JSON, or a MapImportError naming it. */
export function parseJsonFile(text: string, fileName: string, maxChars: number): unknown {
  if (text.length > maxChars) {
    const mb = Math.round(maxChars / (1024 * 1024));
    throw new MapImportError(`${fileName}: the file is larger than ${mb} MB`, []);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new MapImportError(`${fileName}: not a JSON file (${(error as Error).message})`, []);
  }
}

/** Decodes base64 (browser and Node alike); null when it is not base64. */
export function decodeBase64(text: string): Uint8Array | null {
  const clean = text.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) return null;
  const binary = atob(clean);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
