/** The server's HTTP API (see docs/server.md). Errors carry the server's own message. */
export interface Session {
  roomId: string;
  role: 'gm' | 'player';
  characterIds: string[];
  name: string;
}

/**
 * One player invite as the server lists it (`id`: its channel, the first 12 hex digits of its
 * first token's SHA-256, kept through new links).
 */
export interface Invite {
  id: string;
  name: string;
  characterIds: string[];
}

/** A refused request: `reason` is the server's own words, `status` its HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly path: string,
    readonly status: number,
    readonly reason: string,
  ) {
    super(`${path}: ${reason}`);
    this.name = 'ApiError';
  }
}

/** The server's reason from an error body (`{ ok: false, reason }` or `{ error }`), else the status line. */
export function serverReason(status: number, statusText: string, body: unknown): string {
  if (typeof body === 'object' && body !== null) {
    const b = body as { error?: unknown; reason?: unknown };
    const said = b.reason ?? b.error;
    if (said !== undefined && said !== null) return String(said);
  }
  if (typeof body === 'string' && body.trim()) return `${status} ${statusText}: ${body.trim()}`;
  return `${status} ${statusText}`.trim();
}

async function call<T>(path: string, init: RequestInit = {}, token?: string): Promise<T> {
  const headers: Record<string, string> = { ...(init.body ? { 'content-type': 'application/json' } : {}) };
  if (token) headers['authorization'] = `Bearer ${token}`;
  const res = await fetch(path, {
    ...init,
    headers: { ...headers, ...(init.headers as Record<string, string>) },
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  if (!res.ok) throw new ApiError(path, res.status, serverReason(res.status, res.statusText, body));
  return body as T;
}

/** Listing entries may be plain file names or objects with a file name. */
type Listing = Array<string | { file?: string; name?: string; title?: string }>;

export function normaliseListing(list: unknown): Array<{ file: string; label: string }> {
  const arr: Listing = Array.isArray(list)
    ? (list as Listing)
    : Array.isArray((list as { maps?: unknown })?.maps)
      ? (list as { maps: Listing }).maps
      : Array.isArray((list as { encounters?: unknown })?.encounters)
        ? (list as { encounters: Listing }).encounters
        : Array.isArray((list as { files?: unknown })?.files)
          ? (list as { files: Listing }).files
          : [];
  return arr
    .map((e) =>
      typeof e === 'string'
        ? { file: e, label: e }
        : { file: e.file ?? e.name ?? '', label: e.title ?? e.name ?? e.file ?? '' },
    )
    .filter((e) => e.file);
}

export const api = {
  listMaps: async () => normaliseListing(await call<unknown>('/api/maps')),
  listEncounters: async () => normaliseListing(await call<unknown>('/api/encounters')),
  getMap: (file: string) => call<unknown>(`/api/maps/${encodeURIComponent(file)}`),
  /**
   * An encounter's summary (name, map, chapter, foe count, the smallest map it fits on): its
   * foes are never sent to browsers.
   */
  getEncounter: (file: string) =>
    call<{
      file: string;
      name: string;
      map: string;
      chapter: number;
      foeCount: number;
      partyStarts: number;
      needs?: { width: number; height: number };
    }>(`/api/encounters/${encodeURIComponent(file)}`),
  /** The party files of `encounters/parties/` (`GET /api/parties`). */
  listParties: async () => normaliseListing(await call<unknown>('/api/parties')),
  getParty: (file: string) => call<unknown>(`/api/parties/${encodeURIComponent(file)}`),
  /** `encounterFile`: an encounter of the server's encounters/ folder, read there (not sent here). */
  createRoom: (body: {
    map: unknown;
    encounter?: unknown;
    encounterFile?: string;
    party?: unknown;
    name?: string;
  }) =>
    call<{ roomId: string; gmToken: string; gmLink: string }>('/api/rooms', {
      method: 'POST',
      body: JSON.stringify(body),
    }),
  createInvite: (roomId: string, gmToken: string, name: string, characterIds: string[]) =>
    call<{ token: string; link: string; id: string }>(
      `/api/rooms/${encodeURIComponent(roomId)}/invites`,
      { method: 'POST', body: JSON.stringify({ name, characterIds }) },
      gmToken,
    ),
  /** The room's player invites, oldest first (`GET /api/rooms/<roomId>/invites`, GM token). */
  listInvites: (roomId: string, gmToken: string) =>
    call<{ invites: Invite[] }>(`/api/rooms/${encodeURIComponent(roomId)}/invites`, {}, gmToken),
  /** Revoke one invite: its player's sockets close with 4401 (`DELETE …/invites/<id>`, GM token). */
  revokeInvite: (roomId: string, gmToken: string, inviteId: string) =>
    call<{ ok: true; revoked: Invite }>(
      `/api/rooms/${encodeURIComponent(roomId)}/invites/${encodeURIComponent(inviteId)}`,
      { method: 'DELETE' },
      gmToken,
    ),
  /**
   * A new link for one invite (`POST …/invites/<id>/link`, GM token): same player, characters and
   * channel; the old link stops at once and its sockets close with 4401.
   */
  newInviteLink: (roomId: string, gmToken: string, inviteId: string) =>
    call<{ ok: true; invite: Invite; token: string; link: string }>(
      `/api/rooms/${encodeURIComponent(roomId)}/invites/${encodeURIComponent(inviteId)}/link`,
      { method: 'POST' },
      gmToken,
    ),
  session: (token: string) => call<Session>('/api/session', {}, token),
  /** The room as a room file (`GET /api/rooms/<roomId>/export`, GM token). */
  exportRoom: (roomId: string, gmToken: string) =>
    call<unknown>(`/api/rooms/${encodeURIComponent(roomId)}/export`, {}, gmToken),
  /** A new room from a room file (`POST /api/rooms/import`); the caller becomes its GM. */
  importRoom: (file: unknown) =>
    call<{ roomId: string; gmToken: string; gmLink: string }>('/api/rooms/import', {
      method: 'POST',
      body: JSON.stringify(file),
    }),
};

/**
 * The page path of a link the server built (`http://host:port/?room=…&token=…`): the server may
 * know itself by another host name than the one this page was opened with, so stay on this origin.
 */
export function linkPath(link: string): string {
  if (!/^https?:\/\//.test(link)) return link;
  const url = new URL(link);
  return url.pathname + url.search;
}

/** Unwrap `GET /api/maps/<file>` whether it returns the map itself or `{ map }`. */
export function unwrap(body: unknown, key: 'map' | 'encounter'): unknown {
  if (body && typeof body === 'object' && key in body && !('kind' in body))
    return (body as Record<string, unknown>)[key];
  return body;
}
