import { CanvasSource, Texture } from 'pixi.js';

/** Fetches a portrait's image by its asset hash (the browser side holds the room's token). */
export type PortraitLoader = (hash: string) => Promise<ImageBitmap>;

/** Pixels of the circle a portrait is cut to: the crop dialog uploads 256×256. */
const PORTRAIT_PX = 256;

interface Entry {
  /** Null while loading, and for good when loading failed (gone, refused): the token keeps its initials. */
  texture: Texture | null;
}

/**
 * Portrait textures, one per asset hash however many tokens show it: loaded on first use, cut to
 * a circle once (so tokens draw a plain sprite, no per-token mask), and destroyed when no token
 * uses the hash any more (`retain`). `onReady` tells the token layer a texture arrived.
 */
export class PortraitTextures {
  private entries = new Map<string, Entry>();
  private loader: PortraitLoader | null = null;

  constructor(private readonly onReady: (hash: string) => void) {}

  setLoader(loader: PortraitLoader | null): void {
    this.loader = loader;
  }

  /** The texture when loaded; otherwise starts loading it (once) and answers null. */
  get(hash: string): Texture | null {
    const known = this.entries.get(hash);
    if (known) return known.texture;
    const entry: Entry = { texture: null };
    this.entries.set(hash, entry);
    const loader = this.loader;
    if (!loader) return null;
    loader(hash)
      .then((bitmap) => {
        const canvas = circleCut(bitmap);
        bitmap.close();
        // Dropped while loading (no token uses it now): nothing to keep.
        if (this.entries.get(hash) !== entry) return;
        entry.texture = new Texture({ source: new CanvasSource({ resource: canvas }) });
        this.onReady(hash);
      })
      // The entry stays without a texture, so a failed image is not fetched again and again.
      .catch(() => {});
    return null;
  }

  /** Destroys the textures of every hash not in `used`. */
  retain(used: ReadonlySet<string>): void {
    for (const [hash, entry] of this.entries) {
      if (used.has(hash)) continue;
      entry.texture?.destroy(true);
      this.entries.delete(hash);
    }
  }

  /** Hashes with a texture or a load under way (tests check that unused ones are dropped). */
  held(): string[] {
    return [...this.entries.keys()];
  }
}

/** The image scaled to cover a PORTRAIT_PX square, outside the inscribed circle transparent. */
function circleCut(bitmap: ImageBitmap): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = PORTRAIT_PX;
  const g = canvas.getContext('2d')!;
  g.beginPath();
  g.arc(PORTRAIT_PX / 2, PORTRAIT_PX / 2, PORTRAIT_PX / 2, 0, Math.PI * 2);
  g.clip();
  const scale = Math.max(PORTRAIT_PX / bitmap.width, PORTRAIT_PX / bitmap.height);
  const w = bitmap.width * scale;
  const h = bitmap.height * scale;
  g.drawImage(bitmap, (PORTRAIT_PX - w) / 2, (PORTRAIT_PX - h) / 2, w, h);
  return canvas;
}
