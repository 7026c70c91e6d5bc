import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.js';

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
  plugins: [precompress()],
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
