import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import { precompress } from './scripts/precompress.js';

/**
 * PixiJS modules the table never runs, built as empty modules. PixiJS's index registers a loader
 * that imports `pixi.js/browser` (accessibility, DOM overlays, filters, spritesheets, and the
 * masks and texture sources below) the first time a renderer starts; the table's renderer starts
 * with `skipExtensionImports` and registers the few it uses itself (src/render/TableApp.ts), but
 * the bundler still builds whatever that loader could import. Likewise the index's own
 * registrations of masks, video textures and spritesheet loading (`rendering/init`,
 * `spritesheet/init`). Together about 51 KB minified (12 KB brotli) off every page
 * (docs/server/assets.md). The render tests (tests/e2e/render.spec.ts and the table's) draw
 * through all of what is left.
 */
function pixiUnusedExtensions(): Plugin {
  const unused =
    /pixi\.js\/lib\/(environment-browser\/browserAll|environment-webworker\/webworkerAll|rendering\/init|spritesheet\/init)\.mjs$/;
  return {
    name: 'icon-vtt-pixi-unused-extensions',
    enforce: 'pre',
    load: (id) => (unused.test(id) ? 'export {};' : null),
  };
}

// The browser client: index.html → src/main.ts, built to dist/ and served by src/server/.
export default defineConfig({
  root: '.',
  publicDir: 'public',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 2000,
    // dist/.vite/manifest.json: which source modules each chunk holds and imports.
    // tests/e2e/playerBundle.spec.ts reads it to keep the GM-only parts out of a player's download.
    manifest: true,
    // Everything the entry imports statically is one chunk with it. Left to itself, Rolldown cuts
    // what the entry shares with the lazily loaded parts into a dozen small chunks (zod, schemas,
    // Preact, PixiJS pieces): the same code, but ~27 KB more per cold join in headers and in
    // brotli compressing each piece alone (docs/server/assets.md).
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } },
    },
  },
  // The replay verifier's worker (src/ui/replay/verifyWorker.ts) is an ES module: it may load
  // chunks of its own. Bundled apart from the page, so nothing of it joins the entry chunk.
  worker: { format: 'es' },
  // dist/ gets a .br and a .gz beside each text file; the server picks one per request.
  plugins: [pixiUnusedExtensions(), precompress()],
  // `npm run dev`: Vite serves the client with hot reload and forwards the API and the
  // y-websocket endpoint to the server (scripts/dev.sh starts both).
  server: {
    port: 5173,
    proxy: {
      '/api': `http://127.0.0.1:${process.env.PORT ?? 8080}`,
      '/ws': { target: `ws://127.0.0.1:${process.env.PORT ?? 8080}`, ws: true },
    },
  },
});
