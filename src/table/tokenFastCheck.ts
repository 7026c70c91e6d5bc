import { MAX_ID_CHARS, MAX_MAP_SIDE, MAX_PARTY_CHARACTERS } from '../schema/limits';

/**
 * A shortcut for the write every GM move makes (a whole token into `tokens`): true only when the
 * value certainly passes `TokenSchema` (src/schema/token.ts). The schema still decides everything
 * else, and names the problem: `false` means "ask zod", never "refused". Measured under
 * `npm run load`, zod's general walk over a token cost more main-thread time per move than this
 * whole check (docs/server.md, "Load and performance"). Every bound here is the schema's own;
 * tests/table/tokenFastCheck.test.ts checks that no value passes here that the schema refuses.
 */
export function isPlainValidToken(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  const { id, name, cell, size, side, ownerIds, statBlockId, combatant } = value;
  return (
    isText(id, 1, MAX_ID_CHARS) &&
    isText(name, 1, 80) &&
    isPlainObject(cell) &&
    isSquareCoordinate(cell.x) &&
    isSquareCoordinate(cell.y) &&
    Number.isSafeInteger(size) &&
    (size as number) >= 1 &&
    (size as number) <= 5 &&
    (side === 'party' || side === 'foes') &&
    (ownerIds === undefined || areOwnerIds(ownerIds)) &&
    (statBlockId === undefined || isText(statBlockId, 1, MAX_ID_CHARS)) &&
    (combatant === undefined || typeof combatant === 'boolean')
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

const isText = (value: unknown, min: number, max: number): boolean =>
  typeof value === 'string' && value.length >= min && value.length <= max;

const isSquareCoordinate = (value: unknown): boolean =>
  Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) < MAX_MAP_SIDE;

function areOwnerIds(value: unknown): boolean {
  if (!Array.isArray(value) || value.length > MAX_PARTY_CHARACTERS) return false;
  for (const owner of value) if (!isText(owner, 1, MAX_ID_CHARS)) return false;
  return true;
}
