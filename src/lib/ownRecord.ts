/**
 * Records keyed by ids that come from outside (token ids, ability names, square keys). A plain
 * `{}` inherits `constructor`, `toString`, `__proto__`…, so `byId[id]` would answer
 * Object.prototype's members for those ids; these helpers make every string an ordinary key.
 */

/** An empty object with no prototype: no key is ever inherited, `__proto__` included. */
export function emptyRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** `record[key]` when it is the record's own property, else undefined (never an inherited member). */
export function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
