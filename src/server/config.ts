import { fixedDice, randomDice, seededDice } from '../lib/dice';
import { fixedDiceByRoom, parseFixedResults, sameDiceForEveryRoom } from './roomDice';
import type { RoomDice } from './roomDice';
import type { Durability } from './store';
import { parsePublicUrl } from './linkOrigin';

/** Everything `main.ts` needs, from the command line and the environment. */
export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly durability: Durability;
  readonly dice: RoomDice;
  /** Set when a test-only dice flag was used; main prints it as a loud warning. */
  readonly diceWarning?: string;
  readonly demo: boolean;
  /** DATABASE_URL: PostgreSQL instead of SQLite in DATA_DIR (several processes, docs/scaling.md). */
  readonly databaseUrl?: string;
  /** PUBLIC_URL: the origin printed in links instead of the listening address. */
  readonly publicUrl?: string;
  /** ROOM_LIMIT: rooms one client address may create per hour (0 = no limit). */
  readonly roomsPerHour?: number;
  /** LIBRARY_LIMIT: campaign libraries one client address may start per hour (0 = no limit). */
  readonly librariesPerHour?: number;
}

/**
 * Parse `--port=N`/`--port N`, `--fixed-dice=1,20,6`, `--seed=N`, `--fixed-dice-rooms=DIR`,
 * `--no-demo`, and the env vars PORT, HOST, DATA_DIR, DURABILITY, PUBLIC_URL, ROOM_LIMIT,
 * LIBRARY_LIMIT. Dice flags exist ONLY on the command line, so no HTTP request or env var can make
 * the server's dice predictable. Throws with a clear message.
 */
export function parseServerConfig(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): ServerConfig {
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match) throw new Error(`unexpected argument "${arg}" (flags look like --port=8080)`);
    const [, name, value] = match as unknown as [string, string, string | undefined];
    if (value !== undefined) flags.set(name, value);
    else if (name === 'port' && argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--'))
      flags.set(name, argv[++i]!);
    else flags.set(name, true);
  }
  const known = new Set(['port', 'fixed-dice', 'seed', 'fixed-dice-rooms', 'no-demo']);
  for (const name of flags.keys()) if (!known.has(name)) throw new Error(`unknown flag --${name}`);

  const portText = flags.get('port') ?? env.PORT ?? '8080';
  const port = Number(portText);
  if (typeof portText !== 'string' || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`port: expected an integer 0..65535, got "${String(portText)}"`);
  }
  const durability = env.DURABILITY ?? 'process';
  if (durability !== 'full' && durability !== 'process') {
    throw new Error(`DURABILITY: expected "full" or "process", got "${durability}"`);
  }

  const fixed = flags.get('fixed-dice');
  const seed = flags.get('seed');
  const byRoom = flags.get('fixed-dice-rooms');
  if ([fixed, seed, byRoom].filter((flag) => flag !== undefined).length > 1)
    throw new Error('use either --fixed-dice, --seed or --fixed-dice-rooms, not two of them');
  let dice: RoomDice = sameDiceForEveryRoom(randomDice());
  let diceWarning: string | undefined;
  if (fixed !== undefined) {
    const results = parseFixedResults(typeof fixed === 'string' ? fixed : '', '--fixed-dice');
    dice = sameDiceForEveryRoom(fixedDice(results));
    diceWarning = `TEST MODE: the server's dice are FIXED (${results.length} results: ${results.join(',')}). Never use this for a real game.`;
  } else if (seed !== undefined) {
    const value = Number(seed);
    if (typeof seed !== 'string' || !Number.isInteger(value))
      throw new Error(`--seed: expected an integer, got "${String(seed)}"`);
    dice = sameDiceForEveryRoom(seededDice(value));
    diceWarning = `TEST MODE: the server's dice are SEEDED (--seed=${value}); every roll is predictable. Never use this for a real game.`;
  } else if (byRoom !== undefined) {
    if (typeof byRoom !== 'string' || !byRoom) throw new Error('--fixed-dice-rooms: expected a folder');
    dice = fixedDiceByRoom(byRoom, randomDice());
    diceWarning = `TEST MODE: a room whose id names a file in ${byRoom} rolls that file's FIXED dice. Never use this for a real game.`;
  }

  const publicUrl = env.PUBLIC_URL ? parsePublicUrl(env.PUBLIC_URL) : undefined;
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new Error('DATABASE_URL: expected a PostgreSQL URL, postgres://user@host:port/database');
  const roomLimit = perHourLimit(env, 'ROOM_LIMIT', 'rooms');
  const libraryLimit = perHourLimit(env, 'LIBRARY_LIMIT', 'libraries');

  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir: env.DATA_DIR ?? './data',
    durability,
    dice,
    ...(diceWarning ? { diceWarning } : {}),
    demo: !flags.has('no-demo'),
    ...(publicUrl ? { publicUrl } : {}),
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(roomLimit !== undefined ? { roomsPerHour: roomLimit } : {}),
    ...(libraryLimit !== undefined ? { librariesPerHour: libraryLimit } : {}),
  };
}

/** ROOM_LIMIT / LIBRARY_LIMIT: undefined when unset (the server's default). */
function perHourLimit(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
  what: string,
): number | undefined {
  const text = env[name];
  if (text === undefined || text === '') return undefined;
  const limit = Number(text);
  if (!Number.isInteger(limit) || limit < 0) {
    throw new Error(
      `${name}: expected ${what} per hour per client, an integer ≥ 0 (0 = no limit), got "${text}"`,
    );
  }
  return limit;
}
