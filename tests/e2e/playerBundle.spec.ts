import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { ROOT } from './helpers';

/**
 * Issue 31, a lighter page: what only a GM uses, and the start page, are not in the download of
 * a player joining a table. Reads the build's manifest (`build.manifest` in vite.config.ts): the
 * entry chunk and the chunks it imports statically are what every page loads before anything
 * opens; each chunk's source map names the source modules it holds. No browser needed: it runs
 * here because browser tests run after `vite build`.
 */
const DIST = path.join(ROOT, 'dist');
const LAZY_DIRS = [
  'editors',
  'library',
  'encounterBuilder',
  'start',
  'mapImport',
  'gmPanels',
  'verify',
  // The handout viewer comes with the room's first handout, the GM's panel with the GM's page.
  'handouts',
].map((d) => `src/ui/${d}/`);

interface ManifestChunk {
  readonly file: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
}

function readManifest(): Record<string, ManifestChunk> {
  const file = path.join(DIST, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`vite build\` first`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
}

/**
 * The source modules a built chunk holds, as paths from the repository root. A chunk without a
 * source map holds no code of its own: only import and export lines (a re-exporting seam,
 * PixiJS's web worker chunk).
 */
function modulesOf(chunkFile: string): string[] {
  const mapFile = path.join(DIST, `${chunkFile}.map`);
  if (!fs.existsSync(mapFile)) {
    expect(fs.readFileSync(path.join(DIST, chunkFile), 'utf8'), `${chunkFile} has no source map`).toMatch(
      /^(\s*(import|export)\b[^;]*;)*\s*$/,
    );
    return [];
  }
  const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources: string[]; sourceRoot?: string };
  return map.sources.map((s) =>
    path
      .relative(ROOT, path.resolve(path.dirname(mapFile), map.sourceRoot ?? '', s))
      .split(path.sep)
      .join('/'),
  );
}

/** The manifest keys of the entry chunk and of every chunk it reaches through static imports. */
function staticClosure(manifest: Record<string, ManifestChunk>, entry: string): string[] {
  const seen = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  visit(entry);
  return [...seen];
}

test('a player joining downloads no editors, library, encounter builder, start page or map import', () => {
  const manifest = readManifest();
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  expect(entries.map(([key]) => key)).toEqual(['index.html']);

  const loadedFirst = staticClosure(manifest, 'index.html').map((key) => manifest[key]!.file);
  const offenders = loadedFirst.flatMap((file) =>
    modulesOf(file)
      .filter((module) => LAZY_DIRS.some((dir) => module.startsWith(dir)))
      .map((module) => `${module} (in ${file})`),
  );
  expect(offenders, 'GM-only modules in the chunks every page loads first').toEqual([]);

  // Not vacuous: each of those parts is in the build, in a chunk of its own loaded on demand.
  const scripts = Object.values(manifest).filter((chunk) => chunk.file.endsWith('.js'));
  const everywhere = new Set(scripts.flatMap((chunk) => modulesOf(chunk.file)));
  for (const dir of LAZY_DIRS)
    expect(
      [...everywhere].some((module) => module.startsWith(dir)),
      `${dir} is built`,
    ).toBe(true);
});
