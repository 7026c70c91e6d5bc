import { MAX_TOKEN_NAME_CHARS } from '../schema/token';

/**
 * Names people can tell apart: two "Hollow Husk" become "Hollow Husk 1" and "Hollow Husk 2".
 * Numbering happens once, where tokens are made (an encounter seeding its foes, the GM placing
 * a second token of a name), so every view shows the same stored name; `shownNames` numbers the
 * duplicates of rooms made before that, where a snapshot is read (src/table/snapshot.ts).
 */

/** "Hollow Husk" + 2 → "Hollow Husk 2"; a base too long for the number is cut with "…". */
export function numberedName(base: string, n: number): string {
  const suffix = ` ${n}`;
  const room = MAX_TOKEN_NAME_CHARS - suffix.length;
  const head = base.length > room ? `${base.slice(0, room - 1).trimEnd()}…` : base;
  return `${head}${suffix}`;
}

/** The names, with each name that appears more than once numbered in order of appearance. */
export function numberDuplicates(names: readonly string[]): string[] {
  const count = new Map<string, number>();
  for (const name of names) count.set(name, (count.get(name) ?? 0) + 1);
  const taken = new Set(names);
  const next = new Map<string, number>();
  return names.map((name) => {
    if ((count.get(name) ?? 0) < 2) return name;
    let n = next.get(name) ?? 1;
    let numbered = numberedName(name, n);
    // "Orc", "Orc 1", "Orc": the second and third Orc skip the number another one already has.
    while (taken.has(numbered)) numbered = numberedName(name, ++n);
    next.set(name, n + 1);
    taken.add(numbered);
    return numbered;
  });
}

interface Named {
  readonly id: string;
  readonly name: string;
}

/** The number a name carries after `base` ("Hollow Husk 3" → 3), or null. */
function numberAfter(base: string, name: string): number | null {
  if (!name.startsWith(`${base} `)) return null;
  const rest = name.slice(base.length + 1);
  return /^[1-9]\d{0,3}$/.test(rest) ? Number(rest) : null;
}

/**
 * The name a new token called `name` gets among `existing` tokens: unchanged when nobody else is
 * called that; else the next number after the highest in use (numbers of removed tokens are
 * not reused, so old log lines keep meaning one character). An unnumbered namesake is renamed
 * "… 1" along with it (`renames`), so both read as numbered.
 */
export function nameForNewToken(
  name: string,
  existing: readonly Named[],
): { name: string; renames: { id: string; name: string }[] } {
  const namesakes = existing.filter((t) => t.name === name);
  const numbers = existing.map((t) => numberAfter(name, t.name)).filter((n): n is number => n !== null);
  if (namesakes.length === 0 && numbers.length === 0) return { name, renames: [] };
  const taken = new Set(existing.map((t) => t.name));
  const renames: { id: string; name: string }[] = [];
  const first = namesakes[0];
  if (first && !taken.has(numberedName(name, 1))) {
    renames.push({ id: first.id, name: numberedName(name, 1) });
    numbers.push(1);
  }
  let n = Math.max(1, ...numbers) + 1;
  while (taken.has(numberedName(name, n))) n++;
  return { name: numberedName(name, n), renames };
}

/** Natural order of ids: "husk-2" before "husk-10" (one collator: `localeCompare` with options builds one per call). */
const NATURAL = new Intl.Collator('en', { numeric: true });
const byId = (a: Named, b: Named): number => NATURAL.compare(a.id, b.id);

/**
 * Token id → the name to show, for tokens that may share a name (rooms seeded before names
 * were numbered): each duplicate gets "… 1", "… 2" in natural id order, skipping names in use.
 */
export function shownNames(tokens: readonly Named[]): Map<string, string> {
  const sorted = [...tokens].sort(byId);
  const numbered = numberDuplicates(sorted.map((t) => t.name));
  return new Map(sorted.map((t, i) => [t.id, numbered[i]!]));
}
