import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';

/**
 * The room server as one plain-JS file, `dist-server/main.js`, which `npm start` and `npm run load`
 * run with plain node (`npm run build:server`). Running the TypeScript sources through tsx's loader
 * instead cost 60–90 MiB of resident memory (its module hooks run in a thread of their own with a
 * V8 heap of its own, and it keeps what it compiled; docs/server/performance.md, "Memory").
 *
 * Only `src/`, the dice-notation library and mathjs are bundled: every other package stays
 * an import of its own (better-sqlite3 and sharp are native; the storage worker requires
 * better-sqlite3 and yjs by path, so the bundle holds no second copy of Yjs).
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

/**
 * The dice-notation library is bundled (into the chunk its lazy import makes) so that its one
 * import of mathjs, `evaluate`, comes from src/server/diceMath.ts: an instance of only the
 * functions dice notation names, bundled with just the parts of mathjs they need, instead of
 * mathjs's default instance (about 10 MiB resident instead of 86).
 */
const DICE_LIBRARY = '@dice-roller/rpg-dice-roller';
function diceMath(): Plugin {
  const shim = fileURLToPath(new URL('./src/server/diceMath.ts', import.meta.url));
  return {
    name: 'icon-vtt-dice-math',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'mathjs' && importer?.includes(`/node_modules/${DICE_LIBRARY}/`)) return shim;
      return null;
    },
  };
}

const builtins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);

export default defineConfig({
  root: '.',
  publicDir: false,
  logLevel: 'warn',
  plugins: [journalFormatBesideBundle(), diceMath()],
  build: {
    ssr: 'src/server/main.ts',
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    minify: false,
    copyPublicDir: false,
    rolldownOptions: {
      // Packages and node's own modules stay imports (but the two above); our files are bundled.
      external: (id) =>
        builtins.has(id) || (/^[@a-z]/i.test(id) && !id.startsWith(DICE_LIBRARY) && !id.startsWith('mathjs')),
      output: { entryFileNames: 'main.js', chunkFileNames: '[name]-[hash].js', format: 'es' },
    },
  },
  ssr: { target: 'node', noExternal: [DICE_LIBRARY, 'mathjs'] },
});
