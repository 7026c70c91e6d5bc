import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { api, createRoom, invite, useTestServer } from './helpers';

/**
 * A request is authenticated when its headers arrive; its body may come much later. An invite
 * revoked in between must not act: the token is checked again right before the intent resolves.
 */
describe('revocation while a request body is still arriving', () => {
  const server = useTestServer();

  it('an intent whose body finishes after the revocation answers 401 and stores nothing', async () => {
    const { roomId, gmToken } = await createRoom(server.origin);
    const token = await invite(server.origin, roomId, gmToken, 'Leaver');
    const { body: listed } = await api<{ invites: { id: string }[] }>(
      server.origin,
      `/api/rooms/${roomId}/invites`,
      { token: gmToken },
    );
    const inviteId = listed.invites[0]!.id;

    const body = JSON.stringify({ kind: 'chat', text: 'one last word' });
    const url = new URL(`${server.origin}/api/rooms/${roomId}/intents`);
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        url,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10)); // headers and a first piece: the server starts this request
      setTimeout(async () => {
        const revoked = await api(server.origin, `/api/rooms/${roomId}/invites/${inviteId}`, {
          method: 'DELETE',
          token: gmToken,
        });
        expect(revoked.status).toBe(200);
        req.end(body.slice(10));
      }, 100);
    });

    const { status, text } = await answer;
    expect({ status, body: JSON.parse(text) as unknown }).toEqual({
      status: 401,
      body: { ok: false, reason: 'unknown token' },
    });
    expect(server.room(roomId).public.doc.getArray('chat').length).toBe(0);
  });
});
