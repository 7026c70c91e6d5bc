import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The rules pages (docs/rules.md and docs/rules/*.md) point every rule and interpretation at the test that pins it down, written
 * `` `tests/…/file.test.ts` › "test name", "another" `` (or `_test name_`). This test reads those
 * links and checks each file exists and declares a test (or describe block) with that name, so the
 * document cannot drift from the suite. A name ending in "…" matches by its beginning.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The index and its topic pages. */
const DOCS = [
  'docs/rules.md',
  ...readdirSync(resolve(ROOT, 'docs/rules')).map((name) => `docs/rules/${name}`),
];

interface Link {
  doc: string;
  file: string;
  name: string;
  line: number;
}

/** Tokens that matter to a link; anything else ends a list of names. */
const TOKEN = /(›)|`([^`\n]*\.test\.ts)`|"([^"]+)"|(?<![\w*])_([^_]+?)_(?!\w)|([,;])|(\S)/g;

function parseLinks(doc: string, text: string): { links: Link[]; problems: string[] } {
  const links: Link[] = [];
  const problems: string[] = [];
  let file: string | null = null;
  // 'idle': outside a link; 'name': after › (a file or a name may come); 'more': after a name.
  let state: 'idle' | 'name' | 'more' = 'idle';
  for (const m of text.matchAll(TOKEN)) {
    const line = text.slice(0, m.index).split('\n').length;
    const [, arrow, path, quoted, italic, sep] = m;
    if (path !== undefined) {
      if (!path.startsWith('tests/'))
        problems.push(`${doc}:${line}: link to "${path}" must start with tests/`);
      file = path;
      continue;
    }
    if (arrow) {
      state = 'name';
      continue;
    }
    const name = quoted ?? (state !== 'idle' ? italic : undefined);
    if (name !== undefined && state !== 'idle') {
      if (file === null) problems.push(`${doc}:${line}: "${name}" has no test file before it`);
      else links.push({ doc, file, name: name.replace(/\s+/g, ' ').trim(), line });
      state = 'more';
      continue;
    }
    if (sep === ',' && state === 'more') {
      state = 'name';
      continue;
    }
    state = 'idle';
  }
  return { links, problems };
}

/** Titles of it()/test()/describe() calls in a test file. */
function declaredNames(source: string): string[] {
  const names: string[] = [];
  const call = /\b(?:it|test|describe)(?:\.\w+)*\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;
  for (const m of source.matchAll(call)) names.push(m[2]!.replace(/\\(.)/g, '$1'));
  return names;
}

describe('docs/rules.md links to tests that exist', () => {
  const texts = DOCS.map((doc) => readFileSync(resolve(ROOT, doc), 'utf8'));
  const parsed = DOCS.map((doc, i) => parseLinks(doc, texts[i]!));
  const links = parsed.flatMap((page) => page.links);
  const problems = parsed.flatMap((page) => page.problems);

  it('every link names an existing test file and a test declared in it', () => {
    const missing = [...problems];
    const cache = new Map<string, string[]>();
    for (const link of links) {
      const path = resolve(ROOT, link.file);
      if (!existsSync(path)) {
        missing.push(`${link.doc}:${link.line}: no file ${link.file}`);
        continue;
      }
      let names = cache.get(link.file);
      if (!names) {
        names = declaredNames(readFileSync(path, 'utf8'));
        cache.set(link.file, names);
      }
      const wanted = link.name;
      const found = wanted.endsWith('…')
        ? names.some((n) => n.startsWith(wanted.slice(0, -1)))
        : names.includes(wanted);
      if (!found) missing.push(`${link.doc}:${link.line}: ${link.file} has no test "${wanted}"`);
    }
    expect(missing).toEqual([]);
    // The parser must keep finding the links (a broken parser would pass vacuously).
    expect(links.length).toBeGreaterThan(120);
  });

  it('every paragraph or bullet that states an interpretation links to a test', () => {
    const blocks = texts.flatMap((text) => text.split(/\n\s*\n|\n(?=\s*- )/));
    const unlinked = blocks
      .filter((b) => /\binterpretation\b/i.test(b) && !b.includes('›') && !b.startsWith('# '))
      .map((b) => b.trim().slice(0, 80));
    expect(unlinked).toEqual([]);
  });

  it('the parser reads both link styles, continued lists and stops at plain words', () => {
    const sample = [
      '— `tests/a.test.ts` › _one_; › _two…_ and then `tests/b.test.ts` › "three",',
      '  "four" (a note with "not a name")',
      'Illegal ones come back with a reason ("not a name either").',
    ].join('\n');
    expect(parseLinks('sample', sample).links.map((l) => `${l.file}|${l.name}`)).toEqual([
      'tests/a.test.ts|one',
      'tests/a.test.ts|two…',
      'tests/b.test.ts|three',
      'tests/b.test.ts|four',
    ]);
  });
});
