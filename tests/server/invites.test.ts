import { describe, expect, it } from 'vitest';
import { api, createRoom, RawClient, useTestServer, waitFor } from './helpers';
import { MAX_INVITES } from '../../src/schema/limits';

interface Invite {
  id: string;
  name: string;
  characterIds: string[];
}

describe('invites: listing and revoking', () => {
  const server = useTestServer();

  it('the GM lists invites by id and revokes one: its token stops working and its socket closes with 4401', async () => {
    const { roomId, gmToken } = await createRoom(server.origin);
    const issue = async (name: string, characterIds: string[]) =>
      (
        await api<{ token: string; id: string }>(server.origin, `/api/rooms/${roomId}/invites`, {
          token: gmToken,
          body: { name, characterIds },
        })
      ).body;
    const ana = await issue('Ana', ['ana']);
    const bo = await issue('Bo', ['bo']);
    expect(ana.id).toMatch(/^[0-9a-f]{12}$/);

    const listed = await api<{ invites: Invite[] }>(server.origin, `/api/rooms/${roomId}/invites`, {
      token: gmToken,
    });
    expect(listed.body.invites).toEqual([
      { id: ana.id, name: 'Ana', characterIds: ['ana'] },
      { id: bo.id, name: 'Bo', characterIds: ['bo'] },
    ]);
    expect((await api(server.origin, `/api/rooms/${roomId}/invites`, { token: bo.token })).status).toBe(403);

    const socket = RawClient.connect(server.wsUrl, roomId, ana.token);
    await socket.opened;

    const revoke = (id: string, token = gmToken) =>
      api<{ ok: boolean; reason?: string; revoked?: Invite }>(
        server.origin,
        `/api/rooms/${roomId}/invites/${id}`,
        {
          method: 'DELETE',
          token,
        },
      );
    expect(await revoke(ana.id, bo.token)).toEqual({
      status: 403,
      body: { ok: false, reason: 'only the GM may do this' },
    });
    expect(await revoke('abc')).toEqual({
      status: 400,
      body: { ok: false, reason: 'invite id: expected 8 to 12 hex digits, got "abc"' },
    });
    const unknown = ana.id.startsWith('0') ? 'f'.repeat(12) : '0'.repeat(12);
    expect(await revoke(unknown)).toEqual({
      status: 404,
      body: { ok: false, reason: `no invite ${unknown} in this room` },
    });

    // Eight digits are enough to name it.
    expect(await revoke(ana.id.slice(0, 8))).toEqual({
      status: 200,
      body: { ok: true, revoked: { id: ana.id, name: 'Ana', characterIds: ['ana'] } },
    });
    expect(await socket.closed).toBe(4401);
    expect(socket.closeReason).toBe('invite revoked');
    expect((await api(server.origin, '/api/session', { token: ana.token })).status).toBe(401);
    const again = RawClient.connect(server.wsUrl, roomId, ana.token);
    await waitFor(() => again.upgradeStatus !== undefined, 'the refused upgrade');
    expect(again.upgradeStatus).toBe(401);
    expect(await revoke(ana.id)).toMatchObject({ status: 404 });

    // Bo is untouched.
    expect((await api(server.origin, '/api/session', { token: bo.token })).body).toMatchObject({
      name: 'Bo',
    });
    const after = await api<{ invites: Invite[] }>(server.origin, `/api/rooms/${roomId}/invites`, {
      token: gmToken,
    });
    expect(after.body.invites.map((invite) => invite.name)).toEqual(['Bo']);
  });

  it('connectTable stops reconnecting when its invite is revoked and says so', async () => {
    const { roomId, gmToken } = await createRoom(server.origin);
    const { body } = await api<{ token: string; id: string }>(server.origin, `/api/rooms/${roomId}/invites`, {
      token: gmToken,
      body: { name: 'Cy', characterIds: [] },
    });
    const player = await server.table(roomId, body.token);
    await player.whenSynced;
    const reasons: string[] = [];
    player.onRevoked((reason) => reasons.push(reason));
    await api(server.origin, `/api/rooms/${roomId}/invites/${body.id}`, { method: 'DELETE', token: gmToken });
    await waitFor(() => reasons.length > 0, 'the revocation at the client');
    expect(reasons).toEqual(['invite revoked']);
    await waitFor(() => !player.providers[0]!.shouldConnect, 'the provider to stop');
    // Nothing reconnects behind its back: after the provider's backoff it is still off.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(player.providers[0]!.wsconnected || player.providers[0]!.wsconnecting).toBe(false);
  });
});

describe('invites: a room keeps at most MAX_INVITES', () => {
  const server = useTestServer();

  it('the 21st invite is refused in words until one is revoked', async () => {
    const { roomId, gmToken } = await createRoom(server.origin);
    const make = (n: number) =>
      api<{ id?: string; reason?: string }>(server.origin, `/api/rooms/${roomId}/invites`, {
        token: gmToken,
        body: { name: `Player ${n}`, characterIds: [] },
      });
    const ids: string[] = [];
    for (let n = 1; n <= MAX_INVITES; n++) {
      const made = await make(n);
      expect(made.status).toBe(200);
      ids.push(made.body.id!);
    }
    const refused = await make(MAX_INVITES + 1);
    expect(refused).toMatchObject({
      status: 409,
      body: { reason: 'a room keeps at most 20 player invites: revoke one first' },
    });
    const revoked = await fetch(`${server.origin}/api/rooms/${roomId}/invites/${ids[0]}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${gmToken}` },
    });
    expect(revoked.status).toBe(200);
    expect((await make(MAX_INVITES + 1)).status).toBe(200);
  });
});
