import { TILE_SIZE, tileLevels } from '../schema/tilePyramid';
import { tileKey, type AssetLevels, type BackgroundPlacement, type TileId } from './backgroundTiles';

/** Where tiles come from (the asset API, bound to a room and its token, in src/ui/backdrop). */
export interface BackgroundSource {
  levels(asset: string, signal: AbortSignal): Promise<AssetLevels>;
  tile(asset: string, tile: TileId, signal: AbortSignal): Promise<ImageBitmap>;
}

/** The map background as the layer needs it (MapBackgroundSchema's fields). */
export interface BackgroundArt extends BackgroundPlacement {
  readonly asset: string;
}

/**
 * The image's pyramid and its one-tile preview (the last level). The preview is asked for at once,
 * beside the description, at the level its size suggests, so a player sees the picture one round
 * trip sooner; a wrong guess is closed and the right level fetched.
 */
export async function loadPreview(
  source: BackgroundSource,
  art: BackgroundArt,
  signal: AbortSignal,
): Promise<{ pyramid: AssetLevels; bitmap: ImageBitmap }> {
  // The pyramid the server cut (schema/tilePyramid.ts); the description's own levels decide
  // everything else, and a wrong guess (an older server's tile size) costs only the round trip.
  const guess = tileLevels(art.imageWidth, art.imageHeight, TILE_SIZE).length - 1;
  const early = source.tile(art.asset, { level: guess, column: 0, row: 0 }, signal);
  early.catch(() => undefined); // a wrong guess is handled below
  const pyramid = await source.levels(art.asset, signal);
  const last = pyramid.levels.length - 1;
  if (last === guess) return { pyramid, bitmap: await early };
  void early.then(
    (b) => b.close(),
    () => undefined,
  );
  return { pyramid, bitmap: await source.tile(art.asset, { level: last, column: 0, row: 0 }, signal) };
}

/** Tile downloads at once: enough to fill a screen quickly, few enough that a pan cancels little. */
const MAX_IN_FLIGHT = 4;

/**
 * The battlemap's tile downloads for one image: a queue in the order asked (nearest first), a few
 * in flight, the ones no longer wanted cancelled, and the downloaded bitmaps held until the layer
 * turns them into textures (a few per frame, each an upload). `clear` aborts everything and
 * closes what was held; a download that lands after that is closed, never delivered.
 */
export class TileDownloads {
  private inFlight = new Map<string, AbortController>();
  private queue: TileId[] = [];
  private arrived: Array<{ id: TileId; bitmap: ImageBitmap }> = [];

  /** The renderer's ticker polls `take` every frame, so an arrival needs no wake-up call. */
  constructor(private readonly fetchTile: (id: TileId, signal: AbortSignal) => Promise<ImageBitmap>) {}

  /**
   * Fetch `missing` (tiles the layer does not hold, nearest first) unless already on their way, and
   * cancel downloads whose key is not in `wanted`.
   */
  request(missing: readonly TileId[], wanted: ReadonlySet<string>): void {
    const waiting = new Set(this.arrived.map((a) => keyOf(a.id)));
    this.queue = missing.filter((t) => !this.inFlight.has(keyOf(t)) && !waiting.has(keyOf(t)));
    for (const [key, abort] of this.inFlight) {
      if (wanted.has(key)) continue;
      abort.abort();
      this.inFlight.delete(key);
    }
    this.pump();
  }

  /** Up to `max` downloaded tiles, oldest first, handed over (the caller owns the bitmaps). */
  take(max: number): Array<{ id: TileId; bitmap: ImageBitmap }> {
    return this.arrived.splice(0, max);
  }

  /** Tiles asked for and not handed over yet. */
  get pending(): number {
    return this.inFlight.size + this.queue.length + this.arrived.length;
  }

  clear(): void {
    for (const a of this.inFlight.values()) a.abort();
    this.inFlight.clear();
    this.queue = [];
    for (const { bitmap } of this.arrived) bitmap.close();
    this.arrived = [];
  }

  private pump(): void {
    while (this.inFlight.size < MAX_IN_FLIGHT && this.queue.length) {
      const id = this.queue.shift()!;
      const key = keyOf(id);
      const abort = new AbortController();
      this.inFlight.set(key, abort);
      this.fetchTile(id, abort.signal).then(
        (bitmap) => {
          if (abort.signal.aborted) return bitmap.close();
          this.inFlight.delete(key);
          this.arrived.push({ id, bitmap });
          this.pump();
        },
        (e: unknown) => {
          if (abort.signal.aborted) return;
          if (this.inFlight.get(key) === abort) this.inFlight.delete(key);
          console.warn(`battlemap tile ${key}:`, (e as Error).message);
          this.pump();
        },
      );
    }
  }
}

const keyOf = (id: TileId): string => tileKey(id.level, id.column, id.row);
