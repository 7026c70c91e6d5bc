import { storeOf } from './helpers';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { fixedDice } from '../../src/lib/dice';
import { startServer } from '../../src/server/startServer';
import type { RunningServer } from '../../src/server/startServer';
import { CLOSE_ROOM_UNAVAILABLE } from '../../src/table/wireCodes';
import { api, connectClient, createRoom, RawClient, waitFor } from './helpers';

const wsUrlOf = (server: RunningServer) => server.origin.replace('http', 'ws') + '/ws';

/** The stored rows of a doc, merged: what a restarted server would load. */
function storedDoc(server: RunningServer, docName: string): { rows: number; doc: Y.Doc } {
  const { updates } = storeOf(server.ctx).readUpdates(docName);
  const doc = new Y.Doc();
  updates.forEach((update) => Y.applyUpdate(doc, update));
  return { rows: updates.length, doc };
}

describe('loading a room written by a newer build', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'icon-vtt-version-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is refused with a logged error naming the room, the doc and both versions; the stored rows stay as they were', async () => {
    // A first server creates three rooms and stamps two as newer (server-side: a GM's socket may
    // not change meta.schemaVersion).
    const first = await startServer({ port: 0, dataDir, dice: fixedDice([]) });
    const newerPublic = await createRoom(first.origin);
    const newerSecrets = await createRoom(first.origin);
    const current = await createRoom(first.origin);
    (await first.ctx.rooms.load(newerPublic.roomId))!.public.doc.getMap('meta').set('schemaVersion', 99);
    (await first.ctx.rooms.load(newerSecrets.roomId))!.secrets.doc.getMap('meta').set('schemaVersion', 99);
    await waitFor(
      () =>
        first.ctx.rooms.loaded(newerPublic.roomId)!.public.doc.getMap('meta').get('schemaVersion') === 99 &&
        first.ctx.rooms.loaded(newerSecrets.roomId)!.secrets.doc.getMap('meta').get('schemaVersion') === 99,
      'the stamps stored',
    );
    await first.close();

    // A restarted server loads rooms from storage on first use.
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const second = await startServer({ port: 0, dataDir, dice: fixedDice([]) });
    try {
      const before = storedDoc(second, newerPublic.roomId);
      expect(before.doc.getMap('meta').get('schemaVersion')).toBe(99);

      const socket = RawClient.connect(wsUrlOf(second), newerPublic.roomId, newerPublic.gmToken);
      // The socket opens and is closed at once with a code and reason the client can show.
      expect(await socket.closed).toBe(CLOSE_ROOM_UNAVAILABLE);
      expect(socket.closeReason).toBe('this room cannot be opened by this server (see the server log)');
      expect(socket.frames).toEqual([]);

      const expected =
        `room ${newerPublic.roomId} cannot be opened: its public document is not readable by this server ` +
        '(room document meta.schemaVersion is 99; this build reads up to 1); upgrade the server to open it';
      const intent = await api(second.origin, `/api/rooms/${newerPublic.roomId}/intents`, {
        token: newerPublic.gmToken,
        body: { kind: 'chat', text: 'hello' },
      });
      expect(intent).toEqual({ status: 500, body: { ok: false, reason: expected } });
      // Logged once, not once per attempt.
      expect(errors.mock.calls.map((call) => String(call[0]))).toEqual([
        `room ${newerPublic.roomId} refused: ${expected}`,
      ]);

      const secrets = await api(second.origin, `/api/rooms/${newerSecrets.roomId}/export`, {
        token: newerSecrets.gmToken,
      });
      expect(secrets.status).toBe(500);
      expect(secrets.body.reason).toContain('its secrets document is not readable');
      expect(secrets.body.reason).toContain('meta.schemaVersion is 99; this build reads up to 1');

      // Nothing was written to the refused rooms.
      const after = storedDoc(second, newerPublic.roomId);
      expect(after.rows).toBe(before.rows);
      expect(Y.encodeStateVector(after.doc)).toEqual(Y.encodeStateVector(before.doc));

      // A room of this build opens as usual.
      const gm = connectClient(wsUrlOf(second), current.roomId, current.gmToken);
      await gm.synced;
      expect(gm.doc.getMap('meta').get('schemaVersion')).toBe(1);
      gm.destroy();
    } finally {
      errors.mockRestore();
      await second.close();
    }
  });
});
