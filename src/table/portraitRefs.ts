/** How deep a room's JSON is searched for stat blocks (a room file nests them a few levels). */
const MAX_DEPTH = 24;

/**
 * The portraits named by stat blocks inside a new room's JSON (party, encounter, room file):
 * objects with `kind` 'pc' or 'foe' and a string `portrait`. Portraits the server does not have
 * (`has`) are left out of a copy, each with a note naming the character (issue 14: a missing
 * picture is not an error); the ones it has are returned to be linked to the room.
 */
export function sortPortraits(
  value: unknown,
  has: (hash: string) => boolean,
): { value: unknown; kept: string[]; notes: string[] } {
  const kept = new Set<string>();
  const notes: string[] = [];
  const walk = (v: unknown, depth: number): unknown => {
    if (depth > MAX_DEPTH || typeof v !== 'object' || v === null) return v;
    if (Array.isArray(v)) return v.map((item) => walk(item, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [k, item] of Object.entries(v)) out[k] = walk(item, depth + 1);
    const block = out as { kind?: unknown; portrait?: unknown; name?: unknown };
    if ((block.kind === 'pc' || block.kind === 'foe') && typeof block.portrait === 'string') {
      if (has(block.portrait)) kept.add(block.portrait);
      else {
        delete out['portrait'];
        const name = typeof block.name === 'string' ? block.name : 'a character';
        notes.push(`${name}: its portrait is not on this server, so it was left out`);
      }
    }
    return out;
  };
  return { value: walk(value, 0), kept: [...kept], notes };
}
