import type { z } from 'zod';

/**
 * Zod's own messages ("Too big: expected string to have <=80 characters") are for programmers.
 * These turn an issue into words a person at the table acts on ("Name: at most 80 characters").
 * Messages a schema wrote itself ("at most 50 abilities", "a forced move is at least 1 square")
 * are kept as written.
 */

type Issue = z.core.$ZodIssue;

/** Zod's English defaults all start like this; our own messages never do. */
const ZOD_DEFAULT = /^(Invalid|Too big|Too small|Unrecognized key)/;

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a group of fields',
  bigint: 'a whole number',
  date: 'a date',
};

function plural(n: number | bigint, word: string): string {
  return `${n.toLocaleString('en-US')} ${word}${n === 1 || n === 1n ? '' : 's'}`;
}

/** "x or y", "x, y or z". */
function orList(values: readonly unknown[]): string {
  const words = values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  return words.length <= 1 ? (words[0] ?? 'nothing') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

function bound(
  issue: { origin: string; inclusive?: boolean },
  limit: number | bigint,
  most: boolean,
): string {
  const n = typeof limit === 'number' ? limit : Number(limit);
  switch (issue.origin) {
    case 'string':
      return `${most ? 'at most' : 'at least'} ${plural(n, 'character')}`;
    case 'array':
    case 'set':
      return `${most ? 'at most' : 'at least'} ${plural(n, 'item')}`;
    default:
      if (issue.inclusive === false) return `${most ? 'less' : 'more'} than ${n.toLocaleString('en-US')}`;
      return `${most ? 'at most' : 'at least'} ${n.toLocaleString('en-US')}`;
  }
}

/** The issue's message without its path, in plain words. */
export function plainIssue(issue: Issue): string {
  if (!ZOD_DEFAULT.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      // Zod says "received undefined" for a field that is not there at all.
      if (/received undefined$/.test(issue.message)) return 'missing';
      return `must be ${TYPE_WORDS[issue.expected] ?? issue.expected}`;
    case 'too_big':
      return bound(issue, issue.maximum, true);
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'cannot be empty';
      return bound(issue, issue.minimum, false);
    case 'invalid_value':
      return `must be ${orList(issue.values)}`;
    case 'invalid_format':
      return issue.format === 'regex' ? 'is not in the right form' : `is not a valid ${issue.format}`;
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.join(', ')}`;
    case 'invalid_union':
      return 'is not one of the allowed forms';
    case 'invalid_key':
      return 'has a key that is not allowed';
    case 'invalid_element':
      return 'has an entry that is not allowed';
    default:
      return 'is not valid';
  }
}

/** "ownerIds" → "owner ids", "maxHp" → "max HP". */
function words(key: string): string {
  return key
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase()
    .replace(/\bhp\b/g, 'HP');
}

/** Where the issue is, for a person: ["abilities", 0, "cost"] → "Abilities 1 cost" (counted from 1). */
export function issuePlace(path: readonly PropertyKey[]): string {
  const text = path
    .map((p) => (typeof p === 'number' ? String(p + 1) : words(String(p))))
    .join(' ')
    .trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "Name: at most 80 characters"; an issue about the whole value has no place in front. */
export function issueSentence(issue: Issue): string {
  const place = issuePlace(issue.path);
  return place ? `${place}: ${plainIssue(issue)}` : plainIssue(issue);
}

/** Every issue of an error as sentences, joined: what a refusal or a write error says. */
export function issueSentences(error: z.ZodError): string {
  return error.issues.map(issueSentence).join('; ');
}
