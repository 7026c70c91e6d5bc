import type { z } from 'zod';
import { plainIssue } from '../../schema/issueSentence';

/**
 * Live validation for the editors: the draft is parsed with the real schema on every change and
 * each zod issue becomes a sentence that names the field as the form labels it and what it
 * expects ("Health: a whole number, at least 1"). Problems are keyed by the dotted path
 * ("traits.1.name") so each field shows its own, and the Save button lists them all.
 */
export type Problems = ReadonlyMap<string, string>;

export type Checked<T> = { ok: true; value: T; problems: Problems } | { ok: false; problems: Problems };

/** What the form calls each field; `null` = a grouping word left out of the sentence. */
const LABELS: Record<string, string | null> = {
  name: 'name',
  health: 'Health',
  defense: 'Defense',
  armor: 'Armor',
  speed: 'Speed',
  size: 'Size',
  attackBonus: 'Attack bonus',
  frayDamage: 'Fray damage',
  damageDie: 'Damage die',
  template: 'Foe template',
  resistances: 'Resistances',
  elixirs: 'Elixirs',
  basicAttacks: 'Basic',
  melee: 'melee attack',
  ranged: 'ranged attack',
  range: 'range',
  damageType: 'damage type',
  cost: 'Cost',
  tags: null,
  primary: null,
  interrupt: 'Interrupt',
  limited: 'Limit',
  times: 'times',
  per: 'per',
  limitBreak: 'Limit Break Resolve',
  self: '"(self)"',
  area: 'Area',
  secondary: 'second shape',
  kind: 'kind',
  attack: 'Attack roll',
  onHit: 'On hit',
  onMiss: 'On miss',
  onCritical: 'On critical',
  effect: 'Effect',
  areaEffect: 'Area effect',
  damage: null,
  tier: 'damage tier',
  bonus: 'bonus dice',
  boost: 'boosts',
  flat: 'flat damage',
  type: 'damage type',
  statuses: 'statuses',
  blights: 'blights',
  vigor: 'vigor',
  heal: 'healing',
  removeBlights: 'blights removed',
  forcedMove: 'forced move',
  squares: 'squares',
  againstBlighted: 'against blighted',
  flatPerBlight: 'damage per blight',
  trigger: 'Trigger',
  who: 'whom it watches',
  text: 'text',
  description: 'Description',
};

/** A list's items by the word a person uses for one ("Trait 2", "Ability 1"). */
const ITEM_WORDS: Record<string, string> = {
  traits: 'Trait',
  abilities: 'Ability',
  keywords: 'Keyword',
  statuses: 'Status',
  blights: 'Blight',
  resistances: 'Resistance',
};

/** Messages the schema writes across fields, said the way the editor offers the fix. */
const REWORDED: Record<string, string> = {
  'an ability tagged attack needs an attack component (kind, onHit)':
    'an ability with the attack tag needs an attack roll',
};

/** ["traits", 1, "name"] → "Trait 2 name"; ["attack", "onHit", "damage", "bonus"] → "On hit bonus dice". */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const words: string[] = [];
  path.forEach((key, i) => {
    if (typeof key === 'number') return;
    const next = path[i + 1];
    if (typeof next === 'number' && ITEM_WORDS[String(key)]) {
      words.push(`${ITEM_WORDS[String(key)]} ${next + 1}`);
      return;
    }
    // "Attack roll on hit …" reads as "On hit …": the part names itself.
    if (key === 'attack' && typeof next === 'string' && next.startsWith('on')) return;
    const label = String(key) in LABELS ? LABELS[String(key)] : String(key);
    if (label) words.push(label);
  });
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What a number field expects, from the bound it broke ("a whole number, at least 1"). */
function expectation(issue: z.core.$ZodIssue): string {
  const plain = REWORDED[issue.message] ?? plainIssue(issue);
  const numeric =
    (issue.code === 'too_small' || issue.code === 'too_big') && issue.origin === 'number'
      ? true
      : issue.code === 'invalid_type' && (issue.expected === 'number' || issue.expected === 'int');
  if (!numeric) return plain;
  if (issue.code === 'invalid_type') return 'a whole number';
  return /^at (least|most) /.test(plain) ? `a whole number, ${plain}` : plain;
}

/** Parses `value` with `schema`; on failure every problem as a sentence, keyed by its dotted path. */
export function problemsOf<S extends z.ZodType>(schema: S, value: unknown): Checked<z.output<S>> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data, problems: new Map() };
  const problems = new Map<string, string>();
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.');
    if (problems.has(key)) continue; // the first problem of a field is the one to fix first
    const label = fieldLabel(issue.path);
    problems.set(key, label ? `${label}: ${expectation(issue)}` : expectation(issue));
  }
  return { ok: false, problems };
}

/** The problems under `prefix` ("abilities.0"), keyed from there, for a nested editor. */
export function subProblems(problems: Problems, prefix: string): Problems {
  const out = new Map<string, string>();
  for (const [key, text] of problems) {
    if (key === prefix) out.set('', text);
    else if (key.startsWith(`${prefix}.`)) out.set(key.slice(prefix.length + 1), text);
  }
  return out;
}
