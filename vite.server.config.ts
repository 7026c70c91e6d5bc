import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';

/**
 * The room server as one plain-JS file, `dist-server/main.js`, which `npm start` and `npm run load`
 * run with plain node (`npm run build:server`). Running the TypeScript sources through tsx's loader
 * instead cost about 50 MiB of resident memory per process (its module hooks run in a thread of
 * their own with a V8 heap of its own, plus esbuild; docs/server/performance.md, "Memory").
 *
 * Only `src/` is bundled: every package in node_modules stays an import of its own (better-sqlite3
 * and sharp are native; the dice-notation library is imported lazily; the storage worker requires
 * better-sqlite3 and yjs by path), so the bundle holds no second copy of Yjs.
 */
function journalFormatBesideBundle(): Plugin {
  // journal.ts requires './journalFormat.cjs' next to itself (createRequire), and the storage
  // worker requires it by that path: it ships beside main.js.
  return {
    name: 'icon-vtt-journal-format',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'journalFormat.cjs',
        source: readFileSync(new URL('./src/server/journalFormat.cjs', import.meta.url), 'utf8'),
      });
    },
  };
}

const builtins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);

export default defineConfig({
  root: '.',
  publicDir: false,
  logLevel: 'warn',
  plugins: [journalFormatBesideBundle()],
  build: {
    ssr: 'src/server/main.ts',
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    minify: false,
    copyPublicDir: false,
    rolldownOptions: {
      // Bare specifiers (packages) and node's own modules stay imports; our files are bundled.
      external: (id) => builtins.has(id) || /^[@a-z]/i.test(id),
      output: { entryFileNames: 'main.js', format: 'es' },
    },
  },
  ssr: { target: 'node' },
});
