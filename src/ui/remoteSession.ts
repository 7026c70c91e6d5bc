import type { TableSession } from './TableSession';

/** Placeholder until src/table/client.ts lands. */
export function connectRemoteSession(_room: string, _token: string): Promise<TableSession> {
  return Promise.reject(new Error('live rooms are not wired yet'));
}
