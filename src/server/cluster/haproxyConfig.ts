/**
 * The HAProxy configuration of a cluster (docs/scaling.md): every request naming a room goes to
 * the process that owns it by a consistent hash of the room id, taken from each URL kind — the
 * room's three kinds of doc (`/ws/<room>`, `/ws/<room>~secrets`, `/ws/<room>~to~<channel>`) and
 * its API and image routes (`/api/rooms/<room>/…`) — so all of a room lands in one process
 * (hashing the whole URI would split its docs). Requests naming no room (the page, `/api/session`,
 * room creation, libraries) go to any process. Room creation is limited per address here, since
 * each process's own limit would count only its share (the processes run with `ROOM_LIMIT=0`).
 */

export interface ClusterBackend {
  readonly name: string;
  readonly host: string;
  readonly port: number;
}

export interface HaproxyOptions {
  readonly bindHost: string;
  readonly bindPort: number;
  readonly backends: readonly ClusterBackend[];
  /** Rooms one address may create per hour (0: no limit). */
  readonly roomsPerHour: number;
  /** Where HAProxy may write its pid (none: not written). */
  readonly pidFile?: string;
  /** A Unix socket for `show servers state` and the like (none: no socket). */
  readonly statsSocket?: string;
}

/** A room id as the server makes and accepts them (letters, digits, `_` and `-`). */
const ROOM = '[A-Za-z0-9_-]+';

/** HAProxy's configuration text for `options`. */
export function haproxyConfig(options: HaproxyOptions): string {
  const { bindHost, bindPort, backends, roomsPerHour } = options;
  const limit =
    roomsPerHour > 0
      ? [
          '  # Room creation per address (the processes run with ROOM_LIMIT=0).',
          '  stick-table type ip size 100k expire 1h store http_req_rate(1h)',
          '  acl creates_room method POST',
          '  acl creates_room_path path /api/rooms /api/rooms/import',
          '  http-request track-sc0 src if creates_room creates_room_path',
          `  http-request return status 429 content-type "application/json" string "{\\"reason\\":\\"too many new rooms from this address: try again later\\"}" hdr retry-after 600 if creates_room creates_room_path { sc_http_req_rate(0) gt ${roomsPerHour} }`,
        ]
      : [];
  return [
    'global',
    // Two descriptors per proxied connection: within a default 20,000 file limit.
    '  maxconn 8000',
    ...(options.pidFile ? [`  pidfile ${options.pidFile}`] : []),
    ...(options.statsSocket ? [`  stats socket ${options.statsSocket} mode 600 level user`] : []),
    '',
    'defaults',
    '  mode http',
    '  option http-server-close',
    '  timeout connect 5s',
    '  timeout client 60s',
    '  timeout server 60s',
    // Websockets: idle sockets stay open as long as the server's own ping keeps them alive.
    '  timeout tunnel 1h',
    '',
    'frontend table',
    `  bind ${bindHost}:${bindPort}`,
    ...limit,
    '  default_backend rooms',
    '',
    'backend rooms',
    '  # The room id of every URL kind that names one; none: any process.',
    // `/ws/<room>~secrets`: the third field of the path up to its first `~`.
    `  http-request set-var(txn.room) path,field(3,/),field(1,~) if { path_reg ^/ws/${ROOM} }`,
    `  http-request set-var(txn.room) path,field(4,/) if { path_reg ^/api/rooms/${ROOM}/ }`,
    '  balance hash var(txn.room)',
    '  hash-type consistent',
    // A process that died is found by the first connection that fails, not only by the health
    // check a second or two later: the request goes to another process, which takes the room
    // over (its lock went with the dead process's connection). Only a connection that failed is
    // retried: a request that reached a process may have been applied.
    '  retries 2',
    '  option redispatch 1',
    '  retry-on conn-failure',
    // No process could answer: the same JSON and Retry-After as a process's own 503.
    `  http-error status 503 content-type "application/json" string "{\\"ok\\":false,\\"reason\\":\\"the table's server is restarting; try again in a moment\\"}" hdr retry-after 1`,
    // A process that does not own the room answers 503 with Retry-After (or closes the socket
    // with "reconnect"); it is not retried elsewhere here: the ring decides, ownership checks.
    ...backends.map((b) => `  server ${b.name} ${b.host}:${b.port} check inter 1s fall 2 rise 1`),
    '',
  ].join('\n');
}

/** The room a URL's path names, as the configuration above extracts it (null: none). */
export function roomOfPath(path: string): string | null {
  const ws = new RegExp(`^/ws/(${ROOM})`).exec(path);
  if (ws) return ws[1]!;
  const api = new RegExp(`^/api/rooms/(${ROOM})/`).exec(path);
  return api ? api[1]! : null;
}
