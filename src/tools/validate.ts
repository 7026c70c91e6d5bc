/**
 * `npm run validate -- <file|folder>...`: checks maps, encounters and parties (by their `kind`),
 * including an encounter's map and placements. Prints every problem with file and JSON path;
 * exits 1 if there is any. With no arguments it checks maps/ and encounters/.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { loadGameFile } from './loadFiles';
import { formatProblem } from './validateFile';

async function jsonFilesUnder(target: string): Promise<string[]> {
  const info = await stat(target).catch(() => null);
  if (!info || !info.isDirectory()) return [target];
  const entries = await readdir(target, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .filter((e) => e.isDirectory() || e.name.endsWith('.json'))
      .map((e) => jsonFilesUnder(path.join(target, e.name))),
  );
  return nested.flat().sort();
}

async function main(args: string[]): Promise<number> {
  const targets = args.length ? args : ['maps', 'encounters'];
  const files = (await Promise.all(targets.map(jsonFilesUnder))).flat();
  let bad = 0;
  for (const file of files) {
    const result = await loadGameFile(file);
    if (result.ok) {
      console.log(`ok   ${path.relative(process.cwd(), file)} (${result.value.kind})`);
    } else {
      bad += 1;
      for (const problem of result.problems) console.error(formatProblem(problem));
    }
  }
  console.log(`${files.length - bad} of ${files.length} files valid`);
  return bad ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
