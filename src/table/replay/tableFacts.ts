import { contentHash } from '../../lib/contentHash';
import type { DocParts, TableParts } from '../tableParts';

/**
 * A room's table parts (src/table/tableParts.ts, the GM's view) as flat facts: key → value, each
 * stored once by its content hash (docs/table/replay.md). Room-wide facts have a name (`map`,
 * `turn`…); a token's are `<doc><part>:<id>`: doc `p` (public) or `s` (secrets), part `t` token,
 * `b` stat block, `c` combatant state, `o` interrupt offers. GM notes are not facts: no action
 * reads them.
 */
export type Facts = ReadonlyMap<string, unknown>;

/** The parts of one doc a token fact may name, by letter. */
export const DOC_PARTS = { t: 'tokens', b: 'statBlocks', c: 'combatants', o: 'offers' } as const;
export type DocPartLetter = keyof typeof DOC_PARTS;

/** The facts of a room's parts (GM view: both docs). */
export function factsOf(parts: TableParts): Map<string, unknown> {
  const facts = new Map<string, unknown>([
    ['meta', parts.meta],
    ['map', parts.map],
    ['chapter', parts.chapter],
    ['destructible', parts.destructibleHp],
    ['turn', parts.turn],
    ['settings', parts.settings],
  ]);
  const add = (doc: 'p' | 's', part: DocParts) => {
    for (const letter of Object.keys(DOC_PARTS) as DocPartLetter[])
      for (const [id, value] of part[DOC_PARTS[letter]]) facts.set(`${doc}${letter}:${id}`, value);
  };
  add('p', parts.public);
  if (parts.secrets) add('s', parts.secrets);
  return facts;
}

/**
 * Hashes of parsed values, per object: the docs' readers hand back the same frozen object until
 * the stored value changes (src/table/readDoc.ts), so an unchanged token is hashed once.
 */
const hashes = new WeakMap<object, string>();

/** The content hash of a fact's value (cached per object). */
export function factHash(value: unknown): string {
  if (typeof value !== 'object' || value === null) return contentHash(value);
  let hash = hashes.get(value);
  if (hash === undefined) {
    hash = contentHash(value);
    hashes.set(value, hash);
  }
  return hash;
}
