import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.js';

// The browser client: index.html → src/main.ts, built to dist/ and served by src/server/.
export default defineConfig({
  root: '.',
  publicDir: 'public',
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 2000 },
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
