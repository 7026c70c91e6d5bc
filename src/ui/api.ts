/** The server's HTTP API (see docs/server.md). Errors carry the server's own message. */
export interface Session {
  roomId: string;
  role: 'gm' | 'player';
  characterIds: string[];
  name: string;
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
  if (!res.ok) {
    const msg =
      typeof body === 'object' && body && ('error' in body || 'reason' in body)
        ? String(
            (body as { error?: unknown; reason?: unknown }).error ?? (body as { reason?: unknown }).reason,
          )
        : `${res.status} ${res.statusText}`;
    throw new Error(`${path}: ${msg}`);
  }
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
  getEncounter: (file: string) => call<unknown>(`/api/encounters/${encodeURIComponent(file)}`),
  /** The party files of `encounters/parties/` (`GET /api/parties`). */
  listParties: async () => normaliseListing(await call<unknown>('/api/parties')),
  getParty: (file: string) => call<unknown>(`/api/parties/${encodeURIComponent(file)}`),
  createRoom: (body: { map: unknown; encounter?: unknown; party?: unknown }) =>
    call<{ roomId: string; gmToken: string; gmLink: string }>('/api/rooms', {
      method: 'POST',
      body: JSON.stringify(body),
    }),
  createInvite: (roomId: string, gmToken: string, name: string, characterIds: string[]) =>
    call<{ token: string; link: string }>(
      `/api/rooms/${encodeURIComponent(roomId)}/invites`,
      { method: 'POST', body: JSON.stringify({ name, characterIds }) },
      gmToken,
    ),
  session: (token: string) => call<Session>('/api/session', {}, token),
};

/** Unwrap `GET /api/maps/<file>` whether it returns the map itself or `{ map }`. */
export function unwrap(body: unknown, key: 'map' | 'encounter'): unknown {
  if (body && typeof body === 'object' && key in body && !('kind' in body))
    return (body as Record<string, unknown>)[key];
  return body;
}
