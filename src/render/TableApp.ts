// Pointer events for the stage (pixi-viewport's drag, pinch and wheel): the one browser extension
// the table uses. The rest of `pixi.js/browser` is never loaded (`skipExtensionImports` below)
// nor built (vite.config.ts).
import 'pixi.js/events';
import { CanvasSource, Container, extensions, ImageSource, Ticker, WebGLRenderer } from 'pixi.js';

// The texture sources the table makes: battlemap tiles (ImageBitmap), font pages and portraits
// (canvases). PixiJS's own list (with video and raw buffers, and masks) is left out of the build.
extensions.add(ImageSource, CanvasSource);

/** What the table asks of its renderer (see BattlefieldRenderer.init). */
export interface TableAppOptions {
  readonly host: HTMLElement;
  readonly background: number;
  readonly antialias: boolean;
  readonly resolution: number;
}

/**
 * The parts of PixiJS's `Application` the table uses — a WebGL renderer, a stage, a ticker and
 * resizing to the host element — without `Application` itself. `Application.init` picks its
 * renderer through `autoDetectRenderer`, whose imports of the WebGPU and canvas renderers put
 * both in the page's download (about 70 KB minified) although the table always draws with WebGL,
 * and which first creates and drops a throwaway WebGL context to test for support. A browser
 * without WebGL gets the table's "Could not open the table" page with WebGL's own error.
 */
export class TableApp {
  readonly stage = new Container();
  readonly ticker = new Ticker();
  private resizeFrame = 0;

  private constructor(
    readonly renderer: WebGLRenderer,
    private readonly host: HTMLElement,
  ) {}

  static async create(options: TableAppOptions): Promise<TableApp> {
    const renderer = new WebGLRenderer();
    await renderer.init({
      width: options.host.clientWidth,
      height: options.host.clientHeight,
      background: options.background,
      antialias: options.antialias,
      autoDensity: true,
      resolution: options.resolution,
      skipExtensionImports: true,
    });
    const app = new TableApp(renderer, options.host);
    // Like Application's ResizePlugin: the canvas follows its host when the window resizes.
    globalThis.addEventListener('resize', () => {
      cancelAnimationFrame(app.resizeFrame);
      app.resizeFrame = requestAnimationFrame(() => app.resize());
    });
    app.ticker.start();
    return app;
  }

  get canvas(): HTMLCanvasElement {
    return this.renderer.canvas;
  }

  render(): void {
    this.renderer.render({ container: this.stage });
  }

  private resize(): void {
    this.renderer.resize(this.host.clientWidth, this.host.clientHeight);
    this.render();
  }
}
