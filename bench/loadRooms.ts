import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RoomAccess } from './loadTraffic';

/**
 * Rooms for `npm run load` on our server, built the way a GM builds them: the arena map, the
 * arena skirmish (foes revealed, so players may target them) and the sample party, one invite per
 * player bound to one character. The acting player commands Ivo (1,5), whose basic ranged attack
 * (range 5) reaches the Crown Archer at (6,4) from (1,5) and from (1,6).
 */

export interface OurRoom extends RoomAccess {
  /** Token of the player whose intents the bench sends (commands `actorId`). */
  readonly playerToken: string;
  /** More links commanding `actorId` (see `seedRooms`' `extraActorLinks`). */
  readonly actorTokens: readonly string[];
  readonly actorId: string;
}

export const ACTOR_ID = 'ivo-vagabond';
export const TARGET_ID = 'archer-1';

export async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const read = (root: string, path: string): unknown => JSON.parse(readFileSync(join(root, path), 'utf8'));

/**
 * `count` seeded rooms with a GM token and `clients - 1` player tokens each, plus
 * `extraActorLinks` more invites for Ivo (the server limits intents per link: 10 a second).
 */
export async function seedRooms(
  origin: string,
  root: string,
  count: number,
  clients: number,
  extraActorLinks = 0,
): Promise<OurRoom[]> {
  const body = {
    map: read(root, 'maps/arena.json'),
    encounter: read(root, 'encounters/arena-skirmish.json'),
    party: read(root, 'encounters/parties/sample-party.json'),
    revealFoes: true,
  };
  const rooms: OurRoom[] = [];
  for (let i = 0; i < count; i += 1) {
    const { roomId, gmToken, characterIds } = await post<{
      roomId: string;
      gmToken: string;
      characterIds: string[];
    }>(`${origin}/api/rooms`, body);
    if (!characterIds.includes(ACTOR_ID)) throw new Error(`the sample party has no '${ACTOR_ID}'`);
    const others = characterIds.filter((id) => id !== ACTOR_ID);
    const readerTokens: string[] = [];
    for (let p = 1; p < clients; p += 1) {
      // Player 1 commands Ivo; the others one character each (or watch, past the party's size).
      const character = p === 1 ? ACTOR_ID : others[p - 2];
      const { token } = await post<{ token: string }>(
        `${origin}/api/rooms/${roomId}/invites`,
        { name: `Player ${p}`, characterIds: character ? [character] : [] },
        gmToken,
      );
      readerTokens.push(token);
    }
    const actorTokens = [readerTokens[0]!];
    for (let n = 0; n < extraActorLinks; n += 1) {
      const { token } = await post<{ token: string }>(
        `${origin}/api/rooms/${roomId}/invites`,
        { name: `Ivo's player, tab ${n + 2}`, characterIds: [ACTOR_ID] },
        gmToken,
      );
      actorTokens.push(token);
    }
    rooms.push({
      actorTokens,
      docName: roomId,
      writerToken: gmToken,
      readerTokens,
      playerToken: readerTokens[0]!,
      actorId: ACTOR_ID,
    });
  }
  return rooms;
}
