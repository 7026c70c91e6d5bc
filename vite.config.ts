import { defineConfig } from 'vite';

// The browser client: index.html → src/main.ts, built to dist/ and served by src/server/.
export default defineConfig({
  root: '.',
  publicDir: 'public',
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 2000 },
  server: { port: 5173 },
});
